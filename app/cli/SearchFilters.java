package app.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;

/**
 * What {@code search} checks of its filters before it answers: {@code --type} a known type, another is a usage
 * error (exit 2, as an unknown {@code --status} is; {@code --limit} is read from 1 to {@link #MAX_LIMIT} by
 * {@link OptionValues.Hits}); a {@code --project} the index does not hold is no error — projects are open-ended —
 * but the answer says so and names the projects there are.
 */
final class SearchFilters {

    /** The most hits one search returns (a larger --limit ran the embedded index out of memory). */
    static final int MAX_LIMIT = 10_000;

    /**
     * The {@code system_knowledge} types (formats.md part 2), then the console's own {@code brain_note}; a type the
     * index holds beyond these (another writer's) is accepted too.
     */
    static final List<String> KNOWN_TYPES = List.of("adr", "skill", "retro", "lesson", "pattern", "failed_target",
            "turn_note", "insight", "decision", "incident", "brain_note");

    /** Projects named in full when the index holds at most this many. */
    static final int PROJECTS_NAMED = 10;

    private SearchFilters() {
    }

    /** Refuses a type that is neither known nor in the index (the index is asked only for an unknown one). */
    static void checkTypes(CommandLine cmd, List<String> types, KnowledgeIndex index) {
        if (types == null || KNOWN_TYPES.containsAll(types)) {
            return;
        }
        Set<String> known = new LinkedHashSet<>(KNOWN_TYPES);
        index.countsByType().keySet().stream().sorted().forEach(known::add);
        for (String type : types) {
            if (!known.contains(type)) {
                throw new CommandLine.ParameterException(cmd, "Invalid value for option '--type': \"" + type
                        + "\" is not a document type; use one of " + String.join(", ", known) + ".");
            }
        }
    }

    /**
     * When {@code project} is one the index holds no document of: the projects it does hold, sorted; otherwise
     * null (no project asked for, or the project is there and the words simply matched nothing of it).
     */
    static List<String> projectsIfUnknown(String project, KnowledgeIndex index) {
        if (project == null) {
            return null;
        }
        SearchResult all = index.search(KnowledgeQuery.all().withLimit(1).withFacets(true));
        List<String> projects = new ArrayList<>(all.facets().getOrDefault("project", List.of()).stream()
                .map(SearchResult.FacetCount::value).sorted().toList());
        return projects.contains(project) ? null : projects;
    }

    /** "No document of project 'nosuch' — the index's projects: a, b, c." (or how many there are, when many). */
    static String unknownProject(String project, List<String> projects) {
        return "No document of project '" + project + "' — " + (projects.isEmpty() ? "the index holds no project."
                : projectsNamed(projects, "the index's projects",
                "the index holds " + projects.size() + " projects (search without --project to see them)") + ".");
    }

    /**
     * "{@code label}: a, b, c" when there are at most {@link #PROJECTS_NAMED} projects, else {@code many}: how a
     * command answering for a project that has nothing names the ones there are (search, failed list).
     */
    static String projectsNamed(List<String> projects, String label, String many) {
        return projects.size() <= PROJECTS_NAMED ? label + ": " + String.join(", ", projects) : many;
    }
}
