package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Result snippets and how the searched words are marked in them. */
class KnowledgeSnippetsTest extends KnowledgeFixture {

    @Test
    void resultsCarryASnippetWithTheSearchedWordsMarked() {
        sync.syncNow();
        vm.queryProperty().set("idempotency");
        ResultRow first = vm.results().get(0);
        List<Snippet.Part> parts = new ArrayList<>(first.titleParts());
        parts.addAll(first.snippet());
        assertThat(parts).anyMatch(p -> p.match() && p.text().toLowerCase().startsWith("idempoten"));
        assertThat(first.snippet()).isNotEmpty();
        String snippet = first.snippet().stream().map(Snippet.Part::text).reduce("", String::concat);
        assertThat(snippet.length()).isLessThanOrEqualTo(Snippet.LENGTH + 4);
        assertThat(snippet).doesNotContain("\n").doesNotContain("##");
    }

    /** The demo's retro writes the story "Index retros | lessons into system_knowledge" as retro.ts does ({@code \\|}). */
    @Test
    void aRetrosSnippetShowsAStoryTitleAsWrittenWithItsPipeAndUnderscore() {
        sync.syncNow();
        vm.queryProperty().set("Index retros lessons");
        String snippets = vm.results().stream().filter(r -> r.type().equals("retro"))
                .map(r -> r.snippet().stream().map(Snippet.Part::text).reduce("", String::concat))
                .reduce("", (a, b) -> a + "\n" + b);
        assertThat(snippets).contains("Index retros | lessons into system_knowledge")
                .doesNotContain("retros lessons into systemknowledge");
    }

    @Test
    void markingFindsWordStartsIgnoringCase() {
        List<Snippet.Part> parts = Snippet.mark("Retry the retried job; no Preretry here.", Snippet.terms("retr JOB"));
        assertThat(parts).filteredOn(Snippet.Part::match).extracting(Snippet.Part::text)
                .containsExactly("Retry", "retried", "job");
        String around = Snippet.around("# Title\n\n" + "x ".repeat(100) + "on a **retry** the job sends the email twice "
                + "y ".repeat(100), Snippet.terms("retry"));
        assertThat(around).startsWith("…").endsWith(" …").contains("on a retry the job sends the email twice")
                .doesNotContain("#").doesNotContain("**");
        assertThat(around.length()).isLessThanOrEqualTo(Snippet.LENGTH + 4);
    }

    /** Words of the searched word's stem are marked (the search found them by it); the index's stop words are not. */
    @Test
    void markingFollowsTheStemAndLeavesStopWords() {
        List<Snippet.Part> parts = Snippet.mark("Retries of a retried job: the loop retries from the start.",
                Snippet.terms("retry the job"));
        assertThat(parts).filteredOn(Snippet.Part::match).extracting(Snippet.Part::text)
                .containsExactly("Retries", "retried", "job", "retries");
        assertThat(Snippet.terms("the of a")).isEmpty(); // the index's stop words: it does not search them
    }
}
