package services.scheduler;

import services.errors.ConsoleException;

/** A schedule that cannot be used: an invalid cron expression, an unknown job, settings that cannot be saved. */
public final class ScheduleException extends ConsoleException {

    public ScheduleException(String message) {
        super(message);
    }

    public ScheduleException(String message, Throwable cause) {
        super(message, cause);
    }
}
