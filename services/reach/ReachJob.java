package services.reach;

import services.scheduler.Job;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;

/**
 * The scheduled knowledge reach: replays the implementor's injection for the stories of the lessons' window
 * ({@code lessons.deprecateAfterDays}, 60 days by default, as {@code lessons} judges them; incremental over
 * {@code state/reach-replay.json}) and judges the lessons on it, so the lessons' states move without anyone opening
 * the Knowledge reach screen. Runs after the nightly sync by default.
 */
public final class ReachJob implements Job {

    private final KnowledgeReach reach;

    public ReachJob(KnowledgeReach reach) {
        this.reach = reach;
    }

    @Override
    public String id() {
        return "reach";
    }

    @Override
    public String title() {
        return "Knowledge reach (replay, lesson states)";
    }

    @Override
    public String defaultSchedule() {
        return "30 3 * * *";
    }

    @Override
    public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
        KnowledgeReach.Result result = reach.run(reach.rules().deprecateAfterDays(), progress);
        ReachReport r = result.report();
        String replayed = r.replay() == null ? r.stories().size() + " stories replayed"
                : r.replay().full() ? r.stories().size() + " stories replayed (" + r.replay().why() + ")"
                : r.replay().replayed() + " of " + r.stories().size() + " stories searched again";
        int changes = result.lessons().transitions().size();
        String summary = String.format("%s; %d documents reached, %d never reached; %s", replayed,
                r.documents().size(), r.neverReached().size(),
                changes == 0 ? "no lesson changed state" : changes == 1 ? "1 lesson changed state"
                        : changes + " lessons changed state");
        if (!r.problems().isEmpty()) {
            summary += "; " + r.problems().size() + (r.problems().size() == 1 ? " problem: " : " problems, the first: ")
                    + r.problems().get(0);
        }
        return new JobOutcome(r.problems().isEmpty() ? JobRun.Status.OK : JobRun.Status.WARNING, summary);
    }
}
