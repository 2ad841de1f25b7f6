package app.cli;

import app.compose.WorkspaceServices;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
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

    /** The stable JSON of the inbox: {@code count}, each section's count, the items most urgent first. */
    record InboxJson(String readAt, int count, Map<String, Integer> sections, List<ItemJson> items) {
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
        return new InboxJson(iso(inbox.readAt()), items.size(), new LinkedHashMap<>(inbox.countsBySection()), items);
    }

    private static String iso(Instant at) {
        return at == null ? null : at.toString();
    }

    /** Two lines an item: what (and its age), then why now, indented; one calm line when nothing waits. */
    static String text(Inbox inbox) {
        if (inbox.empty()) {
            return "Nothing needs you.";
        }
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
