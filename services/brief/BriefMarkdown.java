package services.brief;

import services.vault.RetroCounts;

/** The mise brief as markdown: the verdict with every reason, then one section per part. */
final class BriefMarkdown {

    private BriefMarkdown() {
    }

    static String of(MiseBrief.Brief b) {
        StringBuilder out = new StringBuilder("# Mise brief\n\n");
        out.append("**").append(b.verdict()).append("** — ")
                .append(String.join("; ", b.reasons())).append(".\n\n## Recent retros\n\n");
        if (b.recentRetros().isEmpty()) {
            out.append("None indexed.\n");
        }
        b.recentRetros().forEach(r -> out.append("- ").append(r.date()).append(" ").append(r.loopId()).append(" (")
                .append(r.project()).append("): ").append(r.completed()).append(" passed, ").append(r.failed())
                .append(" failed, ").append(r.skipped()).append(" skipped")
                .append(countsNote(r.countsFrom())).append('\n'));
        out.append("\n## Active loops\n\n");
        if (b.loopsNote() != null) {
            out.append(b.loopsNote()).append('\n');
        } else if (b.activeLoops().isEmpty()) {
            out.append("None running.\n");
        }
        b.activeLoops().forEach(l -> out.append("- ").append(l.loopId()).append(l.project() == null ? ""
                : " (" + l.project() + ")").append(l.title().isEmpty() ? "" : ": " + l.title()).append(" — ")
                .append(l.passed()).append(" of ").append(l.total()).append(" stories passed, ").append(l.pending())
                .append(" pending").append(l.skipped() > 0 ? ", " + l.skipped() + " skipped" : "").append('\n'));
        if (b.prdKeys() != null) {
            out.append("\n").append(b.prdKeys().line()).append(" — not running, not counted.\n");
        }
        out.append("\n## Capacity\n\n").append(b.loopsNote() != null ? "unknown (" + b.loopsNote() + ")"
                : b.activeLoops().size() + " of " + b.maxConcurrentLoops() + " loops").append("\n\n## Failed targets\n\n")
                .append(b.failedTargets().isEmpty() ? "None.\n" : "- " + String.join("\n- ", b.failedTargets()) + "\n");
        out.append("\n## Pitch history\n\n");
        if (b.pitchHistory().isEmpty()) {
            out.append(b.loopsNote() != null ? b.loopsNote() + "\n" : "None.\n");
        }
        b.pitchHistory().forEach(p -> out.append("- ").append(p.pitchedAt()).append(" ADR-").append(p.adr()).append(": ")
                .append(p.response()).append('\n'));
        out.append("\n## Recent lessons\n\n").append(b.recentLessons().isEmpty() ? "None.\n"
                : "- " + String.join("\n- ", b.recentLessons()) + "\n");
        out.append("\n## Receipts of the trust dial (last day)\n\n");
        if (b.receipts().isEmpty()) {
            out.append("None: the dial applied nothing by itself.\n");
        }
        b.receipts().forEach(r -> out.append("- ").append(r.at()).append(" ").append(r.headline()).append(" (")
                .append(r.evidence()).append(")\n"));
        MiseBrief.Health h = b.health();
        out.append("\n## System health\n\n- index: ").append(h.indexDocuments()).append(" documents\n- Redis: ")
                .append(h.redis()).append('\n');
        h.repos().forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
        // the running system's watchdog, whose runs its Redis records; this console's own runs are on Health
        out.append("- last watchdog run (the running system's, from its Redis): ").append(h.lastWatchdog()).append('\n');
        b.problems().forEach(p -> out.append("- ⚠ ").append(p).append('\n'));
        out.append("\n_Gathered in ").append(b.gatheredMillis()).append(" ms at ").append(b.generatedAt()).append("._\n");
        return out.toString();
    }

    /** Where counts came from, said only when they are not the retro file's own (or its sync's). */
    private static String countsNote(String from) {
        if (from == null || RetroCounts.FRONTMATTER.equals(from)
                || RetroCounts.TITLE.equals(from)) {
            return "";
        }
        return RetroCounts.UNKNOWN.equals(from) ? " (counts unknown: no frontmatter, title or story table)"
                : " (counts from the " + from + ")";
    }
}
