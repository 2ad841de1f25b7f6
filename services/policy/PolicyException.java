package services.policy;

import services.errors.ConsoleException;

/** A policy setting or action was refused; the message names the key (or proposal) and the reason. */
public class PolicyException extends ConsoleException {
    public PolicyException(String message) {
        super(message);
    }
}
