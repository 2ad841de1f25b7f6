package services.tasks;

import services.errors.ConsoleException;

/** A task stopped because the user cancelled it. Work done before the cancel is kept. */
public class TaskCancelledException extends ConsoleException {
    public TaskCancelledException() {
        super("Cancelled.");
    }
}
