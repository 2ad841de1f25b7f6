package reliability;

import java.nio.file.Path;

/** One bad input: where it goes, what reads it, and what the one message must say ("" = accepted silently). */
record Case(String id, Area area, String what, String file, Plant plant, String expected) {

    enum Area { VAULT, PROPOSAL, DREAM_LOG, WORKSPACE, OTEL }

    @FunctionalInterface
    interface Plant {
        void accept(Path workspace) throws Exception;
    }

    @Override
    public String toString() {
        return id + " — " + what;
    }
}
