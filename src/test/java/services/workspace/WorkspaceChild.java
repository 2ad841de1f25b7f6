package services.workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import services.knowledge.KnowledgeDoc;
import services.knowledge.LuceneKnowledgeIndex;

/** A second Brain Console in its own JVM, for the sharing tests: holds the write lock, or writes without end. */
public final class WorkspaceChild {

    public static void main(String[] args) throws Exception {
        Path state = Path.of(args[0]);
        switch (args[1]) {
            case "hold" -> new WorkspaceWriteLock(state).run("sync the vault", () -> {
                System.out.println("held");
                System.out.flush();
                sleepForever();
            });
            case "write" -> {
                try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(state.resolve("index"), 4)) {
                    for (int round = 0; ; round++) {
                        List<KnowledgeDoc> docs = new ArrayList<>();
                        for (int i = 0; i < 200; i++) {
                            docs.add(new KnowledgeDoc("child:" + round + ":" + i, "retro", "Round " + round,
                                    "written by the child ".repeat(20), "vault:x", null, null, null, null, List.of(),
                                    1_700_000_000L + round, null));
                        }
                        index.upsert(docs);
                        if (round == 0) {
                            System.out.println("writing");
                            System.out.flush();
                        }
                    }
                }
            }
            default -> throw new IllegalArgumentException(args[1]);
        }
    }

    private static void sleepForever() {
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
