package services.workspace;

/** Something wrong with one key of a workspace that still opens, e.g. a configured folder that is missing. */
public record WorkspaceProblem(String key, String path, String problem) {

    /** One line for the user, naming the key and the path. */
    public String message() {
        return key + ": " + path + " " + problem;
    }
}
