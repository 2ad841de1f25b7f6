package app.cli;

import app.compose.WorkspaceServices;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import services.audit.Receipts;
import services.inbox.Inbox;
import services.inbox.InboxItem;
import services.text.HumanDuration;
import services.text.TerminalText;
import services.workspace.Workspace;

/**
 * {@code brain-console inbox}: what waits for a person, most urgent first — the window's first screen on the command
 * line, for a cron job or a status bar. Exit 0 whatever it holds ({@code --json}'s {@code count} says how much).
 */
@Command(name = "inbox", mixinStandardHelpOptions = true,
        description = "What waits for a person, most urgent first: proposals, supervised approvals to confirm, "
                + "failed targets, watchdog findings, sync problems, interrupted operations.")
final class InboxCommand extends WorkspaceCommand {

    /** The stable JSON of one item: every key always present (null when unknown). */
    record ItemJson(String kind, String label, String what, String why, String since, String due, String section,
                    String subject, int rank) {
    }

    /** One receipt of the trust dial: what changed, why, from which evidence; reverted ones say by whom. */
    record ReceiptJson(String proposal, String commit, String branch, String repo, String target, String surface,
                       String reason, String by, String at, String revertedBy, String revertCommit) {
    }

    /**
     * The stable JSON of the inbox: {@code count}, each section's count, the items most urgent first, and the trust
     * dial's receipts of the last day (not counted: nothing waits on them).
     */
    record InboxJson(String readAt, int count, Map<String, Integer> sections, List<ItemJson> items,
                     List<ReceiptJson> receipts) {
    }

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        try (WorkspaceServices svc = cli.services(ws)) {
            Inbox inbox = svc.inbox().read();
            cli.print(json(inbox), text(inbox));
            return 0;
        }
    }

    static InboxJson json(Inbox inbox) {
        List<ItemJson> items = new ArrayList<>();
        for (InboxItem i : inbox.items()) {
            items.add(new ItemJson(i.kind().name().toLowerCase(Locale.ROOT), i.kind().words(), i.what(), i.why(),
                    iso(i.since()), iso(i.due()), i.section(), i.subject(), i.rank()));
        }
        List<ReceiptJson> receipts = inbox.receipts().stream().map(r -> new ReceiptJson(r.proposal(), r.commit(),
                r.branch(), r.repo(), r.target(), r.surface(), r.reason(), r.by(), r.at(), r.revertedBy(),
                r.revertCommit())).toList();
        return new InboxJson(iso(inbox.readAt()), items.size(), new LinkedHashMap<>(inbox.countsBySection()), items,
                receipts);
    }

    private static String iso(Instant at) {
        return at == null ? null : at.toString();
    }

    /** Two lines an item: what (and its age), then why now, indented; one calm line when nothing waits. */
    static String text(Inbox inbox) {
        return (inbox.empty() ? "Nothing needs you." : items(inbox)) + receipts(inbox);
    }

    /** The dial's receipts of the last day, after the items: what changed — why, then the evidence, indented. */
    static String receipts(Inbox inbox) {
        if (inbox.receipts().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("\n\nApplied by the trust dial in the last day:\n");
        for (Receipts.Receipt r : inbox.receipts()) {
            out.append("\n- ").append(TerminalText.safe(r.headline())).append("  (")
                    .append(HumanDuration.of(inbox.readAt().toEpochMilli() - r.time().toEpochMilli())).append(")\n  ")
                    .append(TerminalText.safe(r.evidence())).append('\n');
        }
        return out.toString().stripTrailing();
    }

    private static String items(Inbox inbox) {
        StringBuilder out = new StringBuilder(Plural.of(inbox.items().size(), "thing") + " need"
                + (inbox.items().size() == 1 ? "s" : "") + " you, most urgent first:\n");
        for (InboxItem i : inbox.items()) {
            String age = i.since() == null ? ""
                    : "  (" + HumanDuration.of(inbox.readAt().toEpochMilli() - i.since().toEpochMilli()) + ")";
            out.append("\n- ").append(TerminalText.safe(i.what())).append(age).append('\n')
                    .append("  ").append(i.kind().words()).append(": ").append(TerminalText.safe(i.why())).append('\n');
        }
        return out.toString().stripTrailing();
    }
}
