package services.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads the demo data tables shipped in {@code resources/services/demo/}. */
final class DemoCatalog {

    private DemoCatalog() {
    }

    /** Lines of a shipped text file, without blank lines and {@code #} comments. */
    static List<String> lines(String name) {
        String resource = "/services/demo/" + name;
        try (InputStream in = DemoCatalog.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Demo data " + resource + " is missing from the build.");
            }
            List<String> out = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String[]> rows(String name) {
        return lines(name).stream().map(line -> line.split("\t", -1)).toList();
    }
}
