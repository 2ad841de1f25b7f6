package services.sync;

/** A file the sync could not use (error) or used with a remark (warning), by path relative to its root. */
public record FileIssue(String path, String reason) {
}
