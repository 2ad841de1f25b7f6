package app.compose;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.pattern.CompositeConverter;
import services.text.UrlCredentials;

/**
 * The log file's {@code %scrub(…)}: a log line — its message and its exception's words and stack — with the
 * user-info of every URL in it hidden, by the same function as every message the console prints.
 */
public final class ScrubbedLog extends CompositeConverter<ILoggingEvent> {

    @Override
    protected String transform(ILoggingEvent event, String in) {
        return UrlCredentials.scrub(in);
    }
}
