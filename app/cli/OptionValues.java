package app.cli;

import java.util.Collection;
import picocli.CommandLine;

/**
 * How every command refuses an option value it cannot use: a usage error (exit 2) that names the option, what the
 * value is not, and what is allowed — {@code Invalid value for option '--days': -1 is not a number of days; give a
 * whole number from 1 to 36500.} Whole numbers are checked as they are read (the converters below), so text, a
 * fraction, a number too large for the option and one out of its range all get the same sentence; a choice is
 * checked by the command with {@link #notOneOf}.
 */
final class OptionValues {

    /** The longest window in days any command takes (a hundred years: every loop and decision there is). */
    static final int MAX_DAYS = 36_500;

    private OptionValues() {
    }

    /** {@code Invalid value for option '--mode': "bogus" is not a retrieval mode; use one of keyword, dense, hybrid.} */
    static CommandLine.ParameterException notOneOf(CommandLine cmd, String option, String value, String what,
            Collection<String> allowed) {
        return invalid(cmd, option, quoted(value) + " is not " + what + "; use one of " + String.join(", ", allowed) + ".");
    }

    /**
     * {@code Invalid value for option '--for': <why>} as a usage error of {@code cmd}; a positional parameter is
     * named by its label ({@code Invalid value for WHAT: …}).
     */
    static CommandLine.ParameterException invalid(CommandLine cmd, String option, String why) {
        return new CommandLine.ParameterException(cmd, "Invalid value for "
                + (option.startsWith("-") ? "option '" + option + "'" : option) + ": " + why);
    }

    /** A number as typed, bare; anything else in double quotes (so an empty value shows as ""). */
    static String shown(String value) {
        return value.strip().matches("[+-]?\\d{1,30}") ? value.strip() : quoted(value);
    }

    static String quoted(String value) {
        return "\"" + value + "\"";
    }

    /**
     * A whole-number option between {@code min} and {@code max}: anything else — text, a fraction, an empty value,
     * a number past either end — is refused as it is read, with the range. Picocli prefixes the option's name.
     */
    abstract static class WholeNumber implements CommandLine.ITypeConverter<Integer> {
        private final long min;
        private final long max;
        private final String what;
        private final String allowed;

        WholeNumber(long min, long max, String what) {
            this(min, max, what, "give a whole number from " + min + " to " + max + ".");
        }

        WholeNumber(long min, long max, String what, String allowed) {
            this.min = min;
            this.max = max;
            this.what = what;
            this.allowed = allowed;
        }

        @Override
        public Integer convert(String value) {
            String v = value.strip();
            if (v.matches("[+-]?\\d{1,18}")) {
                long n = Long.parseLong(v);
                if (n >= min && n <= max) {
                    return (int) n;
                }
            }
            throw new CommandLine.TypeConversionException(shown(value) + " is not " + what + "; " + allowed);
        }
    }

    /** A window in days: 1 to {@link #MAX_DAYS}. */
    static final class Days extends WholeNumber {
        Days() {
            super(1, MAX_DAYS, "a number of days");
        }
    }

    /** How many hits a search returns: 1 to {@link SearchFilters#MAX_LIMIT}. */
    static final class Hits extends WholeNumber {
        Hits() {
            super(1, SearchFilters.MAX_LIMIT, "a number of hits");
        }
    }

    /** Rows per list in a text answer: 1 to 10000. */
    static final class Rows extends WholeNumber {
        Rows() {
            super(1, 10_000, "a number of rows");
        }
    }

    /** A benchmark's repetitions: 1 to 10000. */
    static final class Runs extends WholeNumber {
        Runs() {
            super(1, 10_000, "a number of runs");
        }
    }

    /** A generated vault's size in documents: 1 to 10 million. */
    static final class Documents extends WholeNumber {
        Documents() {
            super(1, 10_000_000, "a number of documents");
        }
    }

    /** Milliseconds of the scheduler's hidden tuning options: 1 to a day. */
    static final class Millis extends WholeNumber {
        Millis() {
            super(1, 86_400_000, "a number of milliseconds");
        }
    }

    /**
     * A turn number: any whole number is read — a negative one is the turn-note rules' own refusal
     * ({@code invalid_turn_number}, exit 1, as the running system answers it) — text and fractions are not.
     */
    static final class TurnNumber extends WholeNumber {
        TurnNumber() {
            super(Integer.MIN_VALUE, Integer.MAX_VALUE, "a turn number", "give a whole number, 0 or more.");
        }
    }
}
