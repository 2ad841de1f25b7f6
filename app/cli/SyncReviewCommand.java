package app.cli;

import app.compose.WorkspaceServices;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.errors.ConsoleException;
import services.review.remote.ReviewSharing;
import services.review.remote.SharedBranch;
import services.text.TerminalText;
import services.workspace.Workspace;

/**
 * {@code brain-console sync-review [--status] [--json]}: fetches the review branch from the remote
 * {@code reviewRemote} names and pushes the decisions waiting, per repository; {@code --status} only reads refs.
 */
@Command(name = "sync-review", mixinStandardHelpOptions = true,
        description = "Fetch the review branch from the workspace's reviewRemote and push the decisions made here "
                + "(a compare-and-swap: never overwrites what it has not seen). Exit 3 when a decision is left unpushed.")
final class SyncReviewCommand extends WorkspaceCommand {

    @Option(names = "--status", description = "Only show ahead / behind as last fetched (no network).")
    boolean status;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        try (WorkspaceServices svc = cli.services(ws)) {
            ReviewSharing sharing = svc.reviewSharing();
            if (!status && ws.readOnly()) {
                throw new ConsoleException("Workspace " + ws.name() + " is read-only: a sync moves its review branch. "
                        + "Use --status, or set \"readOnly\": false in workspace.json.");
            }
            SharedBranch.Report report = status ? sharing.pending() : sharing.sync();
            cli.print(json(sharing, report), text(sharing, report));
            return sharing.enabled() && (report.notPushed() > 0 || report.failed()) && !status ? 3 : 0;
        }
    }

    static Map<String, Object> json(ReviewSharing sharing, SharedBranch.Report r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("enabled", sharing.enabled());
        List<Map<String, Object>> repos = new ArrayList<>();
        for (SharedBranch b : r.repositories()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("repository", b.repository());
            one.put("remote", b.remote());
            one.put("ahead", b.ahead());
            one.put("behind", b.behind());
            one.put("result", b.result());
            one.put("problem", b.problem());
            one.put("triedAt", b.triedAt() == null ? null : b.triedAt().toString());
            repos.add(one);
        }
        out.put("repositories", repos);
        out.put("notPushed", r.notPushed());
        out.put("behind", r.behind());
        out.put("summary", r.summary());
        out.put("status", r.statusLine());
        out.put("messages", r.messages());
        return out;
    }

    static String text(ReviewSharing sharing, SharedBranch.Report r) {
        StringBuilder b = new StringBuilder();
        r.messages().forEach(m -> b.append(TerminalText.safe(m)).append('\n'));
        for (SharedBranch s : r.repositories()) {
            b.append(String.format("%s: %d ahead, %d behind%s%n", TerminalText.safe(s.remote()), s.ahead(), s.behind(),
                    s.result() == null ? "" : " (last sync: " + s.result() + ")"));
            if (s.problem() != null && !r.messages().contains(s.problem())) {
                b.append("  ").append(TerminalText.safe(s.problem())).append('\n');
            }
        }
        if (sharing.enabled() && !r.repositories().isEmpty()) {
            String line = r.statusLine();
            b.append(Character.toUpperCase(line.charAt(0))).append(line.substring(1)).append('.');
        }
        return b.toString().stripTrailing();
    }
}
