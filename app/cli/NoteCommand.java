package app.cli;

import app.compose.WorkspaceServices;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.errors.ConsoleException;
import services.notes.TurnNoteRefused;
import services.notes.TurnNoteRequest;
import services.notes.TurnNotes;
import services.workspace.Workspace;

/** {@code brain-console note}: a turn-level knowledge write, with the running system's flags (formats.md part 7). */
@Command(name = "note", mixinStandardHelpOptions = true,
        description = "Write a turn note (or record a skip) and its knowledge.turn_write.* events, where the watchdog "
                + "reads them. A refusal prints the reason code and exits 1.")
final class NoteCommand extends WorkspaceCommand {

    @Option(names = "--source", required = true) String source;
    @Option(names = "--agent", required = true) String agent;
    @Option(names = "--session", required = true) String session;
    @Option(names = "--turn", required = true,
            converter = OptionValues.TurnNumber.class, description = "The turn number (0 or more).") int turn;
    @Option(names = "--channel") String channel;
    @Option(names = "--summary") String summary;
    @Option(names = "--decision") String decision;
    @Option(names = "--evidence", split = ",", paramLabel = "a,b") List<String> evidence;
    @Option(names = "--usefulness", split = ",", paramLabel = "a,b") List<String> usefulness;
    @Option(names = "--tools", split = ",", paramLabel = "a,b") List<String> tools;
    @Option(names = "--skip-reason", paramLabel = "R", description = "routine-heartbeat, duplicate-signal or no-new-information.")
    String skipReason;
    @Option(names = "--turn-id", description = "Overrides the default <source>:<agent>:<channel|internal>:<session>:<turn>.")
    String turnId;
    @Option(names = "--project") String project;
    @Option(names = "--loop-id") String loopId;
    @Option(names = "--story-id") String storyId;
    @Option(names = "--run-id") String runId;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        if (ws.readOnly()) {
            throw new ConsoleException("Workspace " + ws.name() + " is read-only: notes are disabled.");
        }
        TurnNoteRequest request = new TurnNoteRequest(source, agent, channel, session, turn, turnId, summary, decision,
                evidence, usefulness, skipReason, null, project, loopId, storyId, runId, tools, null);
        try (WorkspaceServices svc = cli.services(ws)) {
            TurnNotes notes = svc.turnNotes();
            TurnNotes.Outcome out;
            try {
                out = notes.writeByHand(request);
            } catch (TurnNoteRefused e) {
                cli.print(Map.of("ok", false, "reason", e.code(), "message", e.getMessage()), e.code());
                cli.message("refused: " + e.getMessage());
                return 1;
            }
            cli.print(Map.of("ok", true, "status", out.status(), "turnId", out.turnId(),
                    "id", out.doc() == null ? "" : out.doc().id()), out.status().equals("written")
                    ? "Wrote " + out.doc().id() : "Skipped (" + out.skipReason() + "): " + out.turnId());
            return 0;
        }
    }
}
