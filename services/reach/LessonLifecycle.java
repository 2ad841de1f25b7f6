package services.reach;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.workspace.Workspace;
import services.workspace.WorkspaceSettings;

/**
 * {@code candidate → established → proven}, and {@code deprecated}, for the lessons of the index, judged on a
 * {@link ReachReport} and logged with their evidence in {@link LessonLog}.
 * <ul>
 *   <li><b>established</b>: injected into stories of at least {@code minLoops} (2) loops;</li>
 *   <li><b>proven</b>: established, injected into at least {@code minStories} (5) stories, and those stories passed
 *       on their first attempt at a rate at least {@code margin} (0.20, twenty points) above the baseline: the
 *       first-attempt rate of all replayed stories of the projects it reached (of all stories when it reached
 *       only loops without a project);</li>
 *   <li><b>deprecated</b>: by hand with a reason (stays until a person says otherwise), or by the rule when the
 *       lesson is older than {@code deprecateAfterDays} (60) and no story got it in that many days — a lesson
 *       deprecated by the rule that reaches stories again is judged afresh.</li>
 * </ul>
 * A lesson does not fall from proven to established (or established to candidate) when a window shows less: the
 * window is a sample, the deprecation rule is the way down.
 */
public final class LessonLifecycle {

    public static final List<String> STATES = List.of("candidate", "established", "proven", "deprecated");
    /** Who a change the rule made is logged under; any other name is a person's. */
    static final String RULE = "rule";

    public record Rules(int minLoops, int minStories, double margin, int deprecateAfterDays) {

        public static final Rules DEFAULT = new Rules(2, 5, 0.20, 60);

        /** workspace.json {@code "lessons": {minLoops, minStories, margin, deprecateAfterDays}}, each optional. */
        public static Rules from(JsonNode lessons) {
            return of(WorkspaceSettings.Lessons.of(lessons));
        }

        /** The workspace's rules ({@link services.workspace.WorkspaceSettings#lessons()}). */
        public static Rules of(Workspace workspace) {
            return of(workspace.settings().lessons());
        }

        /** The rules as parsed; a value of a wrong type throws here, when the rules are used. */
        public static Rules of(WorkspaceSettings.Lessons lessons) {
            if (lessons.problem() != null) {
                throw new ConsoleException(lessons.problem());
            }
            if (lessons.minLoops() == null && lessons.minStories() == null && lessons.margin() == null
                    && lessons.deprecateAfterDays() == null) {
                return DEFAULT;
            }
            return new Rules(or(lessons.minLoops(), DEFAULT.minLoops), or(lessons.minStories(), DEFAULT.minStories),
                    lessons.margin() == null ? DEFAULT.margin : lessons.margin(),
                    or(lessons.deprecateAfterDays(), DEFAULT.deprecateAfterDays));
        }

        private static int or(Integer value, int fallback) {
            return value == null ? fallback : value;
        }

        public Rules {
            if (minLoops < 1 || minStories < 1 || deprecateAfterDays < 1 || margin < 0 || margin > 1) {
                throw new ConsoleException("workspace.json lessons: minLoops, minStories and deprecateAfterDays must be 1 or "
                        + "more and margin between 0 and 1");
            }
        }
    }

    /**
     * A lesson and its state.
     *
     * @param rate     first-attempt pass rate of the stories it reached in the window (null when none)
     * @param baseline the same rate over all stories of its projects (null when it reached none)
     * @param since    when it entered its state (null for a candidate never logged)
     * @param reason   why, in words
     */
    public record Lesson(String id, String title, String project, String state, int stories, int loops, Double rate,
                         Double baseline, String lastReached, String since, String reason) {
    }

    public record Evaluation(List<Lesson> lessons, List<LessonLog.Transition> transitions) {
    }

    private final KnowledgeIndex index;
    private final LessonLog log;
    private final Rules rules;

    public LessonLifecycle(KnowledgeIndex index, LessonLog log, Rules rules) {
        this.index = index;
        this.log = log;
        this.rules = rules;
    }

    public Rules rules() {
        return rules;
    }

    /** Judges every lesson on the report (its window should cover {@code deprecateAfterDays}); logs the changes. */
    public Evaluation evaluate(ReachReport report, Instant now) {
        Map<String, LessonLog.Transition> current = log.current();
        Map<String, ReachReport.DocReach> reached = new HashMap<>();
        report.documents().forEach(d -> reached.put(d.id(), d));
        Baselines baselines = new Baselines(report.stories());
        List<LessonLog.Transition> changes = new ArrayList<>();
        List<Lesson> out = new ArrayList<>();
        for (String id : index.ids(Set.of("lesson")).stream().sorted().toList()) {
            KnowledgeDoc doc = index.get(id).orElse(null);
            if (doc == null) {
                continue;
            }
            LessonLog.Transition last = current.get(id);
            String state = last == null ? "candidate" : last.to();
            ReachReport.DocReach r = reached.get(id);
            Double rate = r == null ? null : (double) r.firstAttemptPasses() / r.stories();
            Double baseline = r == null ? null : baselines.rate(r.projects());
            String lastReached = r != null ? r.last() : last == null || last.evidence() == null ? null
                    : (String) last.evidence().get("lastReached");
            String target;
            String reason;
            if ("deprecated".equals(state) && last != null && !RULE.equals(last.by())) {
                target = state;
                reason = last.reason();
            } else if (r == null) {
                Instant cutoff = now.minus(Duration.ofDays(rules.deprecateAfterDays()));
                boolean old = doc.createdAt() > 0 && Instant.ofEpochSecond(doc.createdAt()).isBefore(cutoff);
                boolean stale = lastReached == null || Instant.parse(lastReached).isBefore(cutoff);
                if (old && stale && report.days() >= rules.deprecateAfterDays()) {
                    target = "deprecated";
                    reason = "no story got it in " + rules.deprecateAfterDays() + " days";
                } else {
                    target = state;
                    reason = last == null ? "not reached yet" : last.reason();
                }
            } else {
                String earned = "candidate";
                reason = "reached " + r.stories() + (r.stories() == 1 ? " story" : " stories") + " of " + r.loops().size()
                        + (r.loops().size() == 1 ? " loop" : " loops");
                if (r.loops().size() >= rules.minLoops()) {
                    earned = "established";
                    if (r.stories() >= rules.minStories() && rate - baseline >= rules.margin()) {
                        earned = "proven";
                        reason += String.format("; first attempt %.0f%% against %.0f%%", rate * 100, baseline * 100);
                    }
                }
                target = "deprecated".equals(state) || rank(earned) > rank(state) ? earned : state;
                if (target.equals(state) && last != null) {
                    reason = last.reason();
                }
            }
            if (!target.equals(state)) {
                Map<String, Object> evidence = new LinkedHashMap<>();
                evidence.put("windowDays", report.days());
                evidence.put("stories", r == null ? 0 : r.stories());
                evidence.put("loops", r == null ? List.of() : r.loops());
                evidence.put("firstAttemptPasses", r == null ? 0 : r.firstAttemptPasses());
                evidence.put("rate", rate);
                evidence.put("baseline", baseline);
                evidence.put("lastReached", lastReached);
                last = new LessonLog.Transition(id, state, target, now.toString(), RULE, reason, evidence);
                changes.add(last);
                state = target;
            }
            out.add(new Lesson(id, StoryReplays.shownTitle(doc), doc.project(), state, r == null ? 0 : r.stories(),
                    r == null ? 0 : r.loops().size(), rate, baseline, lastReached, last == null ? null : last.at(),
                    reason));
        }
        if (log.writable()) {
            log.append(changes); // a read-only workspace shows what would change and records nothing
        }
        return new Evaluation(out, changes);
    }

    /**
     * A person deprecates a lesson, with a reason; logged under that person's one name ({@code by}: the workspace's
     * reviewer, as in every other log), where the rule's own changes say {@code rule}. Older logs said {@code hand}.
     */
    public LessonLog.Transition deprecate(String id, String reason, String by, Instant now) {
        if (reason == null || reason.isBlank()) {
            throw new ConsoleException("Deprecating " + id + " needs a reason (--reason).");
        }
        if (by == null || by.isBlank() || RULE.equals(by.strip())) {
            throw new ConsoleException("Deprecating " + id + " needs the name of the person who does it.");
        }
        if (!log.writable()) {
            throw new ConsoleException("The workspace is read-only (\"readOnly\": true): " + id + " was not deprecated.");
        }
        KnowledgeDoc doc = index.get(id).orElseThrow(() -> new ConsoleException("No document \"" + id + "\" in the index."));
        if (!"lesson".equals(doc.type())) {
            throw new ConsoleException(id + " is a " + doc.type() + ", not a lesson.");
        }
        LessonLog.Transition last = log.current().get(id);
        LessonLog.Transition t = new LessonLog.Transition(id, last == null ? "candidate" : last.to(), "deprecated",
                now.toString(), by.strip(), reason.strip(), null);
        log.append(List.of(t));
        return t;
    }

    private static int rank(String state) {
        return STATES.indexOf(state);
    }

    /** First-attempt pass rates of the replayed stories, per project and over all. */
    private static final class Baselines {
        private final Map<String, int[]> byProject = new HashMap<>();
        private final int[] all = new int[2];

        Baselines(List<ReachReport.StoryReach> stories) {
            for (ReachReport.StoryReach s : stories) {
                if ("open".equals(s.result())) {
                    continue;
                }
                int first = "pass".equals(s.result()) && s.attempts() <= 1 ? 1 : 0;
                int[] p = byProject.computeIfAbsent(s.project() == null ? "" : s.project(), k -> new int[2]);
                p[0] += first;
                p[1]++;
                all[0] += first;
                all[1]++;
            }
        }

        double rate(List<String> projects) {
            int[] sum = new int[2];
            for (String p : new LinkedHashSet<>(projects)) {
                int[] c = byProject.getOrDefault(p, new int[2]);
                sum[0] += c[0];
                sum[1] += c[1];
            }
            int[] use = sum[1] == 0 ? all : sum;
            return use[1] == 0 ? 0 : (double) use[0] / use[1];
        }
    }
}
