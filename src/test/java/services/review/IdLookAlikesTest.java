package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Proposal ids are compared as a person reads them: an id not in NFC, holding an invisible, bidi or format
 * character, a compatibility form or letters of two scripts is refused with the character named (U+XXXX NAME); two
 * ids equal once NFC-normalised, stripped of invisible characters and case-folded (Cyrillic and Greek look-alikes
 * read as Latin) are duplicates, both named, and the later cannot be decided.
 */
class IdLookAlikesTest {

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;
    private Path dir;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
        dir = ws.dreamDir().resolve("proposals");
    }

    private Proposal planted(String file, String id) throws Exception {
        ProposalWriter.write(dir, file, id, "PROPOSE_RULE", "behaviour", "rules/" + file, "none", List.of("s:1"),
                "# Rule\n\nPlanted.\n");
        return review.proposals().stream().filter(p -> p.file().getFileName().toString().equals(file)).findFirst()
                .orElseThrow();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "zero-width space    | p-dup\u200B        | U+200B ZERO WIDTH SPACE",
        "zero-width joiner   | p\u200Ddup         | U+200D ZERO WIDTH JOINER",
        "word joiner         | p-\u2060dup        | U+2060 WORD JOINER",
        "soft hyphen         | p\u00AD-dup        | U+00AD SOFT HYPHEN",
        "bidi override       | p-dup\u202E        | U+202E",
        "bidi isolate        | p-\u2066dup        | U+2066",
        "BOM                 | \uFEFFp-dup        | U+FEFF",
        "variation selector  | p-dup\uFE0F        | U+FE0F VARIATION SELECTOR-16",
        "hangul filler       | p-dup\u3164        | U+3164 HANGUL FILLER",
        "Cyrillic er         | \u0440-dup         | U+0440 CYRILLIC SMALL LETTER ER",
        "Cyrillic o in word  | p-d\u043Ep         | U+043E CYRILLIC SMALL LETTER O",
        "Greek omicron       | p-\u03BFk          | U+03BF GREEK SMALL LETTER OMICRON",
        "decomposed accent   | cafe\u0301-01     | U+0301 COMBINING ACUTE ACCENT",
        "angstrom sign       | \u212B-01          | U+212B ANGSTROM SIGN",
        "fullwidth letter    | \uFF50-dup         | U+FF50 FULLWIDTH LATIN SMALL LETTER P",
        // found by attacking the built jar: each read as p-dup (or p-dip) and was a valid, distinct id
        "hyphen              | p\u2010dup         | U+2010 HYPHEN",
        "minus sign          | p\u2212dup         | U+2212 MINUS SIGN",
        "en dash             | p\u2013dup         | U+2013 EN DASH",
        "small capital u     | p-d\u1D1Cp         | U+1D1C LATIN LETTER SMALL CAPITAL U",
        "script g            | p-\u0261up         | U+0261 LATIN SMALL LETTER SCRIPT G",
        "dotless i           | p-d\u0131p         | U+0131 LATIN SMALL LETTER DOTLESS I",
        "loose grave accent  | p-dup\u0300        | U+0300 COMBINING GRAVE ACCENT",
        "loose accent on p   | p\u0301-dup        | U+0301 COMBINING ACUTE ACCENT",
        "emoji modifier      | p-dup\uD83C\uDFFB  | U+1F3FB",
    })
    void aLookAlikeIdIsRefusedNamingTheCharacter(String what, String id, String named) throws Exception {
        Proposal p = planted("x.md", id);
        assertThat(p.valid()).as(what).isFalse();
        assertThat(p.problem()).as(what).contains("'id'").contains(named);
        assertThrows(ReviewException.class, () -> review.approve(p.id(), "joel", null));
    }

    @Test
    void plainAndComposedIdsInOneScriptAreAccepted() throws Exception {
        assertThat(planted("a.md", "dream-2026-11-20-99").valid()).isTrue();
        assertThat(planted("b.md", "café-01").problem()).isNull();
        assertThat(planted("c.md", "правило-01").problem()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "case               | P-Dup",
        "zero-width space   | p-dup\u200B",
        "Cyrillic look-alike| р-dup",
        "all Cyrillic       | р-ԁuр",
    })
    void idsThatReadAlikeAreDuplicatesBothNamed(String what, String other) throws Exception {
        Proposal first = planted("a-first.md", "p-dup");
        Proposal second = planted("b-second.md", other);
        first = review.proposals().stream().filter(p -> p.file().equals(dir.resolve("a-first.md"))).findFirst()
                .orElseThrow();
        assertThat(first.valid()).as(what).isTrue();
        assertThat(second.valid()).as(what).isFalse();
        assertThat(second.problem()).as(what).satisfiesAnyOf(
                problem -> assertThat(problem).contains("duplicate id").contains("a-first.md").contains("b-second.md")
                        .contains("\"p-dup\""),
                problem -> assertThat(problem).contains("'id'").contains("U+"));
        String id = second.id();
        assertThrows(ReviewException.class, () -> review.approve(id, "joel", null));
    }

    @Test
    void aDuplicateByCaseNamesBothIdsAndBothFiles() throws Exception {
        planted("a-first.md", "p-dup");
        Proposal second = planted("b-second.md", "P-DUP");
        assertThat(second.problem()).contains("duplicate id").contains("\"P-DUP\" (b-second.md)")
                .contains("\"p-dup\" (a-first.md)");
    }
}
