package services.reach;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import services.vault.RetroParser;
import services.text.PlainText;
import services.vault.VaultFileException;

/**
 * The loops of a window: the retros in the vault ({@code system/retrospectives/<loopId>.md}, their story tables,
 * dated by frontmatter {@code date}, else by the file's time) and, where Redis is configured, the PRDs it still
 * holds. A PRD gives its loop's stories their descriptions (a retro's table has titles only); a PRD without a
 * retro is a loop still running or ended without one, counted in every window (a PRD key loses its 7-day expiry at
 * its first story update, so most stay until {@code joelclaw loop nuke}).
 */
public final class LoopHistory {

    /** The loops and what could not be read (a file or key named, with the reason). */
    public record Loaded(List<Loop> loops, List<String> problems) {
    }

    private final Path retrosDir;
    private final LoopPrds prds;
    private final RetroParser parser = new RetroParser();

    public LoopHistory(Path retrosDir, LoopPrds prds) {
        this.retrosDir = retrosDir;
        this.prds = prds == null ? LoopPrds.NONE : prds;
    }

    public Loaded load(Instant since, Instant now) {
        List<String> problems = new ArrayList<>();
        Map<String, LoopPrds.Prd> byLoop = new HashMap<>();
        try {
            byLoop.putAll(prds.all(problems));
        } catch (RuntimeException e) {
            problems.add("Redis: cannot read the loops' PRDs (agent-loop:prd:*): " + e.getMessage());
        }
        Map<String, Loop> loops = new LinkedHashMap<>();
        for (Path file : retroFiles(problems)) {
            String stem = file.getFileName().toString().replaceFirst("\\.md$", "");
            RetroParser.Retro retro;
            Instant date;
            try {
                retro = parser.parseRetro(stem, Files.readString(file));
                date = date(retro.date(), file);
            } catch (IOException | VaultFileException e) {
                problems.add(PlainText.line(file.getFileName() + ": " + e.getMessage(), 700));
                continue;
            }
            LoopPrds.Prd prd = byLoop.remove(retro.loopId());
            if (date.isBefore(since)) {
                continue;
            }
            Map<String, String> descriptions = new HashMap<>();
            if (prd != null) {
                prd.stories().forEach(s -> descriptions.put(s.id(), s.description()));
            }
            List<Loop.LoopStory> stories = retro.stories().stream().map(s -> new Loop.LoopStory(s.id(), s.title(),
                    descriptions.get(s.id()), s.result(), s.attempts())).toList();
            loops.put(retro.loopId(), new Loop(retro.loopId(), blankToNull(retro.project()), date, stories,
                    prd == null ? "retro" : "retro+prd"));
        }
        for (LoopPrds.Prd prd : byLoop.values()) {
            List<Loop.LoopStory> stories = prd.stories().stream().map(s -> new Loop.LoopStory(s.id(), s.title(),
                    s.description(), s.passes() ? "pass" : s.skipped() ? "skip" : "open", 1)).toList();
            loops.putIfAbsent(prd.loopId(), new Loop(prd.loopId(), null, now, stories, "prd"));
        }
        return new Loaded(List.copyOf(loops.values()), problems);
    }

    private List<Path> retroFiles(List<String> problems) {
        if (!Files.isDirectory(retrosDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(retrosDir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".md") && Files.isRegularFile(f))
                    .sorted().toList();
        } catch (IOException e) {
            problems.add(retrosDir + ": cannot list the retros: " + e.getMessage());
            return List.of();
        }
    }

    /** Frontmatter {@code date} (an ISO instant as retro.ts writes it, or a plain date), else the file's time. */
    static Instant date(String value, Path file) throws IOException {
        if (value != null && !value.isBlank()) {
            String v = value.strip();
            try {
                return OffsetDateTime.parse(v).toInstant();
            } catch (DateTimeParseException e) {
                try {
                    return LocalDate.parse(v.length() >= 10 ? v.substring(0, 10) : v).atStartOfDay(ZoneOffset.UTC)
                            .toInstant();
                } catch (DateTimeParseException ignored) {
                    throw new VaultFileException("frontmatter 'date' is not a date: " + PlainText.shown(v));
                }
            }
        }
        return Files.getLastModifiedTime(file).toInstant();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
