package services.knowledge;

import java.nio.file.Path;

/**
 * Opens a throwaway keyword index in an empty folder (a replay's index of just the changed documents); the caller
 * closes it and deletes the folder. The composition root says which adapter backs it.
 */
@FunctionalInterface
public interface ScratchIndexes {

    KnowledgeIndex open(Path dir);
}
