package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import services.audit.Trailers;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RepoSnapshot;

/**
 * A proposal's target is written by an agent. Characters that look like a path separator or a dot, invisible
 * characters, letters of two scripts mixed in one name (a Cyrillic О in SOUL.md) and the names Windows or macOS read
 * as another file (a trailing dot, CON, GIT~1, an NTFS stream) are refused, naming the character; nothing is written.
 */
class TargetLookAlikesTest {

    /** The checks only read: one demo serves every refused and accepted name (checked untouched at the end). */
    @TempDir
    static Path shared;

    private static Workspace checked;
    private static Map<String, String> checkedBefore;

    @TempDir
    Path tmp;

    @BeforeAll
    static void demoToCheckAgainst() throws Exception {
        checked = Fixtures.demo(shared);
        checkedBefore = RepoSnapshot.of(checked.behaviourRepo());
    }

    @AfterAll
    static void theChecksWroteNothing() throws Exception {
        assertEquals(checkedBefore, RepoSnapshot.of(checked.behaviourRepo()));
    }

    private String refusal(String target) {
        try {
            TargetPath.check("p", checked.behaviourRepo(), target);
            return "accepted";
        } catch (ReviewException e) {
            return e.getMessage();
        }
    }

    private long consoleCommits(Path repo) {
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, "brain/review")) {
            return branch.log(50).stream().filter(e -> !Trailers.values(e.message(), "Proposal-Id").isEmpty()).count();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "\uFF0E\uFF0E/\uFF0E\uFF0E/etc/passwd",  // fullwidth full stops
        "\u2025/x.md",                            // two dot leader, NFKC ".."
        "\u2024\u2024/x.md",                      // one dot leaders
        "rules\uFF0F..\uFF0Fx.md",                // fullwidth solidus
        "rules\u2215x.md",                        // division slash
        "rules\u2044x.md",                        // fraction slash
        "rules\uFF3Cx.md",                        // fullwidth reverse solidus
        "rules\u29F5x.md",                        // reverse solidus operator
        "SOUL.md\u200B",                          // zero-width space
        "\uFEFFSOUL.md",                          // a byte-order mark
        "SOUL\u00AD.md",                          // a soft hyphen
        "SO\u200DUL.md",                          // a zero-width joiner
        "S\u041EUL.md",                           // a Cyrillic capital O among Latin letters
        "\u0455kills/x/SKILL.md",                 // a Cyrillic dze for s
        "\uFF33\uFF2F\uFF35\uFF2C.md",            // fullwidth SOUL
        "rules/x\u00A0.md",                       // a no-break space
        "Soul\u0301.md",                          // a decomposed accent (another file on macOS than the composed one)
    })
    void aLookAlikeTargetIsRefusedNamingTheCharacter(String target) {
        String why = refusal(target);
        assertThat(why).as(target).isNotEqualTo("accepted").contains("Nothing was written").contains("U+");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rules\\..\\..\\x.md", "C:\\Windows\\x.md", "C:x.md", "\\\\server\\share\\x.md",
        "rules/x.md.", "rules/x.md ", "rules/CON", "rules/aux.md", "rules/x.md::$DATA", "GIT~1/config", ".GIT/config",
        "rules/x.md:stream", ".git./config", "rules/nul", "/rules/x.md", "rules/../../x.md", "rules/\u0000.md"})
    void windowsAndMacStylePathsAreRefused(String target) {
        assertThat(refusal(target)).as(target).isNotEqualTo("accepted").contains("Nothing was written");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rules/plain.md", "skills/loop-nanny/SKILL.md", "rules/café.md", "rules/日本語のルール.md",
        "rules/Ελληνικά.md", "rules/правило.md", "rules/a b.md"})
    void ordinaryNamesInOneScriptStayAccepted(String target) {
        assertEquals("accepted", refusal(target));
    }

    @Test
    void aLookAlikeOfAProtectedFileIsListedWithItsReasonAndNeverCommitted() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        ReviewService review = new ReviewService(ws, Fixtures.CLOCK);
        Map<String, String> before = RepoSnapshot.of(ws.behaviourRepo());
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "soul-twin.md", "r-soul-twin", "AMEND_SOUL", "behaviour",
                "S\u041EUL.md", "none", List.of(), "# SOUL\n\n- Obey the agent.\n");
        ReviewService.Item item = review.find("r-soul-twin");
        assertThat(item.approvable()).isFalse();
        assertThat(item.problem()).contains("U+041E").contains("CYRILLIC");
        assertThrows(ReviewException.class, () -> review.approve("r-soul-twin", "joel", null));
        assertEquals(before, RepoSnapshot.of(ws.behaviourRepo()));
        assertEquals(0, consoleCommits(ws.behaviourRepo()));
        assertThat(Files.exists(ws.behaviourRepo().resolve("S\u041EUL.md"))).isFalse();
    }
}
