package services.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every ADR era of formats.md part 3. */
class AdrParserTest {

    private final AdrParser parser = new AdrParser();

    @Test
    void yamlWithInlineTagsAndRubric() {
        AdrParser.Adr adr = parser.parse("0031-otel.md", """
                ---
                status: Implementing
                date: 2025-03-27
                tags: [otel, observability]
                deciders: Joel Hooks
                priority-need: 4
                priority-score: 78
                priority-band: next
                ---

                # ADR-0031: OpenTelemetry for every agent action

                ## Context
                """);
        assertEquals("0031", adr.number());
        assertEquals("ADR-0031: OpenTelemetry for every agent action", adr.title());
        assertEquals("implementing", adr.status());
        assertTrue(adr.statusKnown());
        assertEquals(List.of("otel", "observability"), adr.tags());
        assertEquals(78, adr.score());
        assertEquals("2025-03-27", adr.date());
    }

    @Test
    void yamlWithBlockTagsAndDecisionMakersList() {
        AdrParser.Adr adr = parser.parse("0008-retro.md", """
                ---
                type: adr
                status: in progress
                tags:
                  - loop
                  - retro
                decision-makers:
                  - Joel
                  - Pi
                ---
                # Post-loop retrospective
                """);
        assertEquals(List.of("loop", "retro"), adr.tags());
        assertEquals("in_progress", adr.status());
        assertEquals("Post-loop retrospective", adr.title());
    }

    @Test
    void bodyKeysBeforeTheFirstSectionLastOneWins() {
        AdrParser.Adr adr = parser.parse("0001-record.md", """
                # ADR-0001: Record architecture decisions

                Status: proposed
                DATE: 2024-11-02
                Tags: process, docs
                status: Accepted

                ## Context

                Status: rejected (a line in the body, not a key)
                """);
        assertEquals("accepted", adr.status());
        assertEquals("2024-11-02", adr.date());
        assertEquals(List.of("process", "docs"), adr.tags());
    }

    @Test
    void scrapedFormGluesNumberAndStatus() {
        AdrParser.Adr adr = parser.parse("0199-close-the-loop.md", """
                ADR-0199accepted

                Close the Loop — Reflect Brain, Failed Targets, and Mise Brief

                Context and Problem Statement
                """);
        assertEquals("accepted", adr.status());
        assertEquals("Close the Loop — Reflect Brain, Failed Targets, and Mise Brief", adr.title());
    }

    @Test
    void unknownStatusIsKeptAndFlagged() {
        AdrParser.Adr adr = parser.parse("0202-x.md", "---\nstatus: brainstorm\n---\n# T\n");
        assertEquals("brainstorm", adr.status());
        assertFalse(adr.statusKnown());
    }

    @Test
    void missingStatusAndOutOfRangeScore() {
        AdrParser.Adr adr = parser.parse("0005-x.md", "---\npriority-score: 140\n---\nno heading\n");
        assertNull(adr.status());
        assertNull(adr.score());
        assertEquals("ADR-0005", adr.title());
    }

    @Test
    void badInputsNameTheReason() {
        assertEquals("not an ADR file name (expected NNNN-slug.md)",
                assertThrows(VaultFileException.class, () -> parser.parse("README.md", "# x")).reason());
        assertEquals("first line says ADR-0200 but the file name says 0199",
                assertThrows(VaultFileException.class, () -> parser.parse("0199-x.md", "ADR-0200accepted\n")).reason());
    }
}
