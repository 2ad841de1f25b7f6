package services.review.caps;

/**
 * What a proposal does to a capped file: how many items it has now and would have, the trade it makes (the item
 * out and the item in; null when it makes none) and, when it cannot be approved, why ({@code refusal}).
 */
public record CapVerdict(CapRule rule, int before, int after, String out, String in, String refusal) {

    public boolean refused() {
        return refusal != null;
    }

    public boolean trade() {
        return out != null && in != null;
    }
}
