package app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.knowledge.KnowledgeDoc;

/**
 * The recall benchmark's fixture (resources/bench/recall): the labeled documents with their questions, and
 * distractors assembled from fragments with a fixed seed.
 */
public final class RecallCorpus {

    /** The split the ranking is tuned on (answers.yaml). */
    public static final String TUNING = "tuning";
    /** The split never looked at while tuning (heldout.yaml). */
    public static final String HELD_OUT = "held-out";

    /**
     * One labeled question: its words, the id of the document that answers it, whether it is a paraphrase, and
     * its split ({@link #TUNING} or {@link #HELD_OUT}).
     */
    public record Question(String text, String answer, boolean paraphrase, String split) {

        public Question(String text, String answer, boolean paraphrase) {
            this(text, answer, paraphrase, TUNING);
        }
    }

    private final List<KnowledgeDoc> answers = new ArrayList<>();
    private final List<KnowledgeDoc> distractors = new ArrayList<>();
    private final List<Question> questions = new ArrayList<>();

    public static RecallCorpus load() {
        RecallCorpus c = new RecallCorpus();
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        long created = 1_767_225_600L; // 2026-01-01
        c.labeled(read(yaml, "answers.yaml"), TUNING, created);
        c.distract(read(yaml, "distractors.yaml"), created);
        JsonNode heldOut = read(yaml, "heldout.yaml");
        c.labeled(heldOut, HELD_OUT, created);
        for (JsonNode d : heldOut.path("distractors")) {
            c.distractors.add(doc(d, HELD_OUT, created));
        }
        return c;
    }

    private void labeled(JsonNode file, String split, long created) {
        for (JsonNode d : file.path("docs")) {
            KnowledgeDoc doc = doc(d, split, created);
            answers.add(doc);
            questions.add(new Question(d.path("direct").asText(), doc.id(), false, split));
            if (d.hasNonNull("paraphrase")) {
                questions.add(new Question(d.path("paraphrase").asText(), doc.id(), true, split));
            }
        }
    }

    /**
     * A document of the labeled files. The tuning split's documents are as they always were (project "bench", no
     * loop); the held-out split's and its near misses carry the loop their id names (a loop's lessons, pattern,
     * failed targets and retro), as the running system writes them, and an ADR's status is the one its content
     * starts with.
     */
    private static KnowledgeDoc doc(JsonNode d, String split, long created) {
        String id = d.path("id").asText();
        String type = d.path("type").asText();
        String content = d.path("content").asText();
        if (split.equals(TUNING)) {
            return new KnowledgeDoc(id, type, d.path("title").asText(), content, "bench", "bench", null,
                    type.equals("adr") ? "accepted" : null, null, List.of(type), created, null);
        }
        String[] parts = id.split(":");
        String loop = parts.length > 1 && parts[1].startsWith("loop-") ? parts[1] : null;
        String status = null;
        if (type.equals("adr")) {
            Matcher m = Pattern.compile("^Status: ([^.]+)\\.").matcher(content);
            status = m.find() ? m.group(1) : "accepted";
        }
        List<String> tags = loop != null && (type.equals("lesson") || type.equals("failed_target"))
                ? List.of(type, "loop") : List.of(type);
        return new KnowledgeDoc(id, type, d.path("title").asText(), content, "bench", loop == null ? null : "joelclaw",
                loop, status, null, tags, created, null);
    }

    private static JsonNode read(ObjectMapper yaml, String name) {
        try (InputStream in = RecallCorpus.class.getResourceAsStream("/bench/recall/" + name)) {
            if (in == null) {
                throw new IllegalStateException("bench/recall/" + name + " is missing from the jar");
            }
            return yaml.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read bench/recall/" + name + ": " + e.getMessage(), e);
        }
    }

    private void distract(JsonNode f, long created) {
        Random random = new Random(42);
        List<String> places = strings(f, "lessonPlaces");
        List<String> problems = strings(f, "lessonProblems");
        List<String> remedies = strings(f, "lessonRemedies");
        for (int i = 0; i < 420; i++) {
            String text = pick(random, places) + ", " + pick(random, problems) + ": " + pick(random, remedies) + ".";
            distractors.add(new KnowledgeDoc("lesson:distract-" + i, "lesson", text.length() > 120 ? text.substring(0, 120)
                    : text, text, "bench", "project-" + (i % 7), "loop-distract-" + i / 5, null, null,
                    List.of("lesson", "loop"), created, null));
        }
        List<String> titles = strings(f, "adrTitles");
        List<String> reasons = strings(f, "adrReasons");
        String[] statuses = {"accepted", "proposed", "superseded", "shipped"};
        for (int i = 0; i < titles.size() * 2; i++) {
            String title = titles.get(i % titles.size());
            distractors.add(new KnowledgeDoc("adr:" + (8000 + i), "adr", "ADR-" + (8000 + i) + ": " + title,
                    "Status: " + statuses[i % 4] + ". " + title + ", " + pick(random, reasons) + ". "
                            + "Considered: " + pick(random, titles).toLowerCase() + ". Consequence: "
                            + pick(random, reasons) + ".", "bench", null, null, statuses[i % 4], null, List.of("adr"),
                    created, null));
        }
        List<String> names = strings(f, "skillNames");
        List<String> verbs = strings(f, "skillVerbs");
        List<String> objects = strings(f, "skillObjects");
        for (int i = 0; i < names.size() * 2; i++) {
            String name = names.get(i % names.size()) + (i < names.size() ? "" : "-v2");
            distractors.add(new KnowledgeDoc("skill:" + name, "skill", name, pick(random, verbs) + " "
                    + name.replace('-', ' ') + ": " + pick(random, objects) + ".", "bench", null, null, null, null,
                    List.of("skill"), created, null));
        }
    }

    private static List<String> strings(JsonNode f, String key) {
        List<String> out = new ArrayList<>();
        f.path(key).forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String pick(Random random, List<String> from) {
        return from.get(random.nextInt(from.size()));
    }

    public List<KnowledgeDoc> answers() {
        return answers;
    }

    public List<KnowledgeDoc> distractors() {
        return distractors;
    }

    public List<KnowledgeDoc> all() {
        List<KnowledgeDoc> out = new ArrayList<>(answers);
        out.addAll(distractors);
        return out;
    }

    public List<Question> questions() {
        return questions;
    }
}
