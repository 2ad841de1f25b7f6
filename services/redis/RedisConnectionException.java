package services.redis;

import services.errors.ConsoleException;

/** Redis could not be opened; the message names the setting or the server and the reason. */
public class RedisConnectionException extends ConsoleException {
    public RedisConnectionException(String message) {
        super(message);
    }

    public RedisConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
