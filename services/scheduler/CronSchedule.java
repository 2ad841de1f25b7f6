package services.scheduler;

import com.cronutils.descriptor.CronDescriptor;
import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A job's schedule: a five-field Unix cron expression ({@code minute hour day-of-month month day-of-week}). */
public final class CronSchedule {

    private static final CronParser PARSER = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

    private final String expression;
    private final Cron cron;
    private final ExecutionTime times;

    private CronSchedule(String expression, Cron cron) {
        this.expression = expression;
        this.cron = cron;
        this.times = ExecutionTime.forCron(cron);
    }

    /** Parses {@code expression}; the message of a refusal names the job and says what a valid one looks like. */
    public static CronSchedule parse(String job, String expression) {
        if (expression == null || expression.isBlank()) {
            throw new ScheduleException("Schedule of job " + job + " is empty: give five fields, minute hour "
                    + "day-of-month month day-of-week, e.g. \"0 3 * * *\" for 03:00 every day.");
        }
        String trimmed = expression.strip().replaceAll("\\s+", " ");
        CronSchedule parsed;
        try {
            parsed = new CronSchedule(trimmed, PARSER.parse(trimmed).validate());
        } catch (IllegalArgumentException e) {
            throw new ScheduleException("Schedule of job " + job + " \"" + trimmed + "\" is not a valid cron expression: "
                    + inWords(e.getMessage()) + " (five fields: minute hour day-of-month month day-of-week, e.g. "
                    + "\"0 */4 * * *\").");
        }
        // A valid expression whose day never comes (31 February, 31 April) would be a job that never runs
        if (parsed.next(NEVER_AFTER_FROM).isEmpty()) {
            throw new ScheduleException("Schedule of job " + job + " \"" + trimmed + "\" never comes: no month has that "
                    + "day (e.g. \"0 3 1 * *\" for 03:00 on the first of every month).");
        }
        return parsed;
    }

    /** The cron library's reason in the console's words ("we expect one of [5]" is its own phrasing). */
    static String inWords(String library) {
        String m = library == null ? "" : library.replaceFirst("^Failed to parse cron expression\\.\\s*", "");
        Matcher parts = Pattern.compile("contains (\\d+) parts? but we expect one of \\[5\\]")
                .matcher(m);
        if (parts.find()) {
            return "it has " + parts.group(1) + " field" + ("1".equals(parts.group(1)) ? "" : "s") + ", not five";
        }
        Matcher range = Pattern.compile("(Value|Period) (\\S+) not in range \\[(\\d+), (\\d+)\\]")
                .matcher(m);
        if (range.find()) {
            return ("Period".equals(range.group(1)) ? "a step of " : "") + range.group(2) + " is outside " + range.group(3)
                    + " to " + range.group(4);
        }
        Matcher chars = Pattern.compile("Invalid chars: (.*)$").matcher(m);
        if (chars.find()) {
            return "it holds characters a schedule does not take (" + chars.group(1).strip() + ")";
        }
        return m;
    }

    /** From where a schedule must have a next time (a leap day comes within the next eight years of any date). */
    private static final ZonedDateTime NEVER_AFTER_FROM =
            ZonedDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    public String expression() {
        return expression;
    }

    /** In words, e.g. "every 4 hours". */
    public String describe() {
        return CronDescriptor.instance(Locale.UK).describe(cron);
    }

    /** The first time strictly after {@code after}. */
    public Optional<ZonedDateTime> next(ZonedDateTime after) {
        return times.nextExecution(after);
    }

    /** The last time strictly before {@code before}. */
    public Optional<ZonedDateTime> last(ZonedDateTime before) {
        return times.lastExecution(before);
    }
}
