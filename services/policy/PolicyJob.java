package services.policy;

import services.scheduler.Job;
import services.scheduler.JobOutcome;
import services.scheduler.JobRun;
import services.tasks.ProgressSink;

/**
 * The scheduled auto-apply run of the trust dial: applies what the policy allows and expires supervised approvals. Its
 * summary says how many waited because of the run's cap; a change a failed check took back makes it a warning.
 */
public final class PolicyJob implements Job {

    private final PolicyService policy;

    public PolicyJob(PolicyService policy) {
        this.policy = policy;
    }

    @Override
    public String id() {
        return "policy";
    }

    @Override
    public String title() {
        return "Trust dial (auto-apply)";
    }

    @Override
    public String defaultSchedule() {
        return "15 * * * *";
    }

    @Override
    public JobOutcome run(JobRun.Trigger trigger, ProgressSink progress) {
        PolicyService.RunReport report = policy.run();
        boolean trouble = report.problem() != null || report.reverted() > 0
                || report.expired().stream().anyMatch(s -> s.startsWith("could not"));
        return new JobOutcome(trouble ? JobRun.Status.WARNING : JobRun.Status.OK, report.summary());
    }
}
