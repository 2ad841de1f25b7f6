package viewmodels.health;

/** One piece of a finding's evidence: its reference ({@code doc:…}, {@code event:…}, {@code file:…}) and what it says. */
public record EvidenceRow(String ref, String text, boolean openable) {
}
