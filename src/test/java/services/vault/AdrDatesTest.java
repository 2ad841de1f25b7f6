package services.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ADR's own date (its index date is when the sync last wrote it): from its file as the sync reads it — the
 * frontmatter the indexed content leaves out, or the body — else from the indexed content's Date: line.
 */
class AdrDatesTest {

    @TempDir
    Path vault;

    private Path adr(String name, String text) throws Exception {
        Path dir = Files.createDirectories(vault.resolve("docs/decisions"));
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void aDateOnlyInTheFrontmatterIsReadFromTheFile() throws Exception {
        Path file = adr("0146-no-heading.md", "---\ntitle: \"Gateway retries\"\nstatus: accepted\ndate: 2026-02-19\n"
                + "tags: [gateway]\n---\n\nThe gateway retries each call twice.\n");
        String indexed = "The gateway retries each call twice.\n"; // what the sync indexes: the body
        assertThat(AdrDates.of(file, vault.resolve("docs/decisions"), indexed)).isEqualTo("2026-02-19");
        assertThat(AdrDates.ofSource("vault:docs/decisions/0146-no-heading.md", vault.resolve("docs/decisions"), indexed))
                .isEqualTo("2026-02-19");
    }

    @Test
    void eachWayAnAdrBodyWritesItsDate() throws Exception {
        Path dir = vault.resolve("docs/decisions");
        assertThat(AdrDates.of(adr("0001-a.md", "# ADR-0001: X\n\nStatus: accepted\nDate: 2024-11-02\nTags: a"), dir, ""))
                .isEqualTo("2024-11-02");
        assertThat(AdrDates.of(adr("0002-b.md", "# ADR-0002: X\n\n**Status:** Accepted  \n**Date:** 2025-01-08  \n"),
                dir, "")).isEqualTo("2025-01-08");
        assertThat(AdrDates.of(adr("0003-c.md", "# ADR-0003: X\n\n- **Status**: shipped\n- **Date**: 2025-02-01"), dir,
                "")).isEqualTo("2025-02-01");
    }

    @Test
    void withoutTheFileTheIndexedContentSays() {
        assertThat(AdrDates.of(null, null, "# ADR-0001: X\n\nStatus: accepted\nDate: 2024-11-02\nTags: a"))
                .isEqualTo("2024-11-02");
        assertThat(AdrDates.of(vault.resolve("docs/decisions/0009-gone.md"), vault.resolve("docs/decisions"),
                "# ADR-0009: X\n\n**Date:** 2025-01-08  \n")).isEqualTo("2025-01-08");
        assertThat(AdrDates.fromContent("# ADR-0003: X\n\n- **Status**: shipped\n- **Date**: 2025-02-01"))
                .isEqualTo("2025-02-01");
    }

    @Test
    void noDateLineOrOneInsideASectionIsNoDate() throws Exception {
        assertThat(AdrDates.fromContent("# ADR-0004: X\n\nStatus: accepted\n")).isNull();
        assertThat(AdrDates.fromContent("# ADR-0005: X\n\n## Context\n\nDate: 2020-01-01 was the cutover")).isNull();
        assertThat(AdrDates.fromContent("Update: the date was moved")).isNull();
        assertThat(AdrDates.fromContent(null)).isNull();
        Path none = adr("0006-none.md", "---\nstatus: accepted\n---\n# ADR-0006: X\n\n## Context\n\nDate: 2020-01-01\n");
        assertThat(AdrDates.of(none, vault.resolve("docs/decisions"), "# ADR-0006: X")).isNull();
    }

    /** A document's source is data (another machine's sync, an agent): a file outside the ADR folder is not read. */
    @Test
    void aFileOutsideTheAdrFolderOrNotAnAdrIsNotRead() throws Exception {
        Path outside = Files.writeString(vault.resolve("0007-secret.md"), "---\ndate: 1999-01-01\n---\n# ADR-0007: X\n");
        Path dir = Files.createDirectories(vault.resolve("docs/decisions"));
        assertThat(AdrDates.of(dir.resolve("../../0007-secret.md"), dir, "")).isNull();
        assertThat(AdrDates.ofSource("vault:docs/decisions/../../0007-secret.md", dir, "")).isNull();
        assertThat(AdrDates.ofSource("vault:0007-secret.md", dir, "")).isNull(); // not an ADR's source
        Path linked = Files.createSymbolicLink(dir.resolve("0008-link.md"), outside);
        assertThat(AdrDates.of(linked, dir, "")).isNull();
        Path notAdr = Files.writeString(dir.resolve("README.md"), "---\ndate: 1999-01-01\n---\n");
        assertThat(AdrDates.of(notAdr, dir, "")).isNull();
        Path broken = adr("0010-broken.md", "---\ndate: [2024\n---\n# ADR-0010: X\n");
        assertThat(AdrDates.of(broken, dir, "# ADR-0010: X\n\nDate: 2024-03-03\n")).isEqualTo("2024-03-03");
    }
}
