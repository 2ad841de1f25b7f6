package app.compose;

import services.errors.ConsoleException;

/** Closes the parts a composition opened, every one of them, and throws the first failure once all were tried. */
final class Closing {

    private Closing() {
    }

    static void all(AutoCloseable... parts) {
        RuntimeException first = null;
        for (AutoCloseable c : parts) {
            if (c == null) {
                continue;
            }
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e instanceof RuntimeException r ? r : new ConsoleException(e.getMessage());
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
