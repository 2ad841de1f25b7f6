package services.review;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.merge.MergeAlgorithm;
import org.eclipse.jgit.merge.MergeFormatter;
import org.eclipse.jgit.merge.MergeResult;

/** A three-way merge of texts by line, as git merges them, conflicts marked base / current / proposal. */
final class JGitTextMerge {

    /** The merged text (with {@code <<<<<<< … >>>>>>>} regions where the sides conflict). */
    record Merged(String text, boolean conflicts) {
    }

    private JGitTextMerge() {
    }

    static Merged merge(String base, String current, String proposed) throws IOException {
        MergeResult<RawText> result = new MergeAlgorithm().merge(RawTextComparator.DEFAULT,
                raw(base), raw(current), raw(proposed));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MergeFormatter().formatMerge(out, result, List.of("base", "current", "proposal"), StandardCharsets.UTF_8);
        return new Merged(out.toString(StandardCharsets.UTF_8), result.containsConflicts());
    }

    private static RawText raw(String text) {
        return new RawText(text.getBytes(StandardCharsets.UTF_8));
    }
}
