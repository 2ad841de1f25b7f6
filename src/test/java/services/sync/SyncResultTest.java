package services.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-line summary counts the files with problems and, apart, the warnings it lists below it. */
class SyncResultTest {

    @Test
    void warningsAreCountedApartFromFilesWithProblems() {
        FileIssue error = new FileIssue("docs/decisions/0090-broken.md", "broken YAML frontmatter at line 4");
        FileIssue dup = new FileIssue("docs/decisions/0042-b.md", "duplicate ADR number 0042");
        assertEquals("indexed 3, unchanged 1, deleted 0, 1 file with problems, 2 warnings (5 ms)",
                new SyncResult(3, 1, 0, 3, 1, List.of(error), List.of(dup, dup), 5).summary());
        assertEquals("indexed 3, unchanged 1, deleted 0, 1 warning (5 ms)",
                new SyncResult(3, 1, 0, 3, 1, List.of(), List.of(dup), 5).summary());
        assertEquals("indexed 3, unchanged 1, deleted 0 (5 ms)",
                new SyncResult(3, 1, 0, 3, 1, List.of(), List.of(), 5).summary());
    }
}
