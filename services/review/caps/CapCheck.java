package services.review.caps;

import java.util.ArrayList;
import java.util.List;
import services.text.PlainText;

/**
 * The cap of a capped file, applied to one change (its text now and after). A change that adds items is
 * <em>adding</em>; when the file is at its cap (or the change would take it over), the change must name the item it
 * displaces (frontmatter {@code displaces}: the item's exact text), remove that item, and add exactly one: one trade,
 * one approval. The displaced item is matched as written — only NFC/NFD and runs of white space are one — so a
 * look-alike (another script's letters, other case) names no item and is refused.
 */
public final class CapCheck {

    private CapCheck() {
    }

    /** The verdict on changing {@code before} into {@code after}; {@code displaces} is the frontmatter value or null. */
    public static CapVerdict judge(CapRule rule, String before, String after, String displaces) {
        List<CappedItems.Item> was = CappedItems.under(before, rule.heading());
        List<CappedItems.Item> will = CappedItems.under(after, rule.heading());
        List<String> added = minus(will, was);
        List<String> removed = minus(was, will);
        int n = was.size();
        int m = will.size();
        String where = rule.path() + " under '" + rule.heading() + "'";
        String named = displaces == null ? null : CappedItems.Item.key(displaces);
        boolean atCap = n >= rule.maxItems() || m > rule.maxItems();
        if (!was.isEmpty() && !CappedItems.hasHeading(after, rule.heading())) { // renamed away: no cap would hold
            return refuse(rule, n, m, "the change removes or renames the heading '" + rule.heading() + "' the cap "
                    + "counts under (" + n + " items now); keep the heading, or change the cap first");
        }
        if (added.isEmpty() && named == null) {
            return new CapVerdict(rule, n, m, null, null, null);
        }
        if (named != null && named.isEmpty()) {
            return refuse(rule, n, m, "'displaces' is empty; name the exact text of the item it displaces");
        }
        if (named != null && was.stream().noneMatch(i -> i.key().equals(named))) {
            return refuse(rule, n, m, "'displaces' names " + PlainText.shown(cut(displaces)) + ", which is not an "
                    + "item of " + where + " on the review branch (the text must be the item's own, as written)");
        }
        if (named != null && !removed.contains(named)) {
            return refuse(rule, n, m, "'displaces' names " + PlainText.shown(cut(displaces)) + ", but the change "
                    + "does not remove it from " + where);
        }
        if (n >= rule.maxItems() && named == null) {
            return refuse(rule, n, m, where + " is at its cap of " + rule.maxItems() + " items (" + n + " now); "
                    + "this proposal adds " + added.size() + " without displacing one. Name the item it displaces "
                    + "in the frontmatter key 'displaces' and remove it in the change");
        }
        if (m > rule.maxItems()) {
            return refuse(rule, n, m, "it would leave " + m + " items in " + where + ", over the cap of "
                    + rule.maxItems() + "; a trade is one in, one out");
        }
        if (atCap && added.size() != 1) {
            return refuse(rule, n, m, "at the cap a proposal makes one trade, and this one adds " + added.size()
                    + " items to " + where);
        }
        return new CapVerdict(rule, n, m, named == null ? null : original(was, named),
                added.size() == 1 ? original(will, added.get(0)) : null, null);
    }

    private static CapVerdict refuse(CapRule rule, int n, int m, String why) {
        return new CapVerdict(rule, n, m, null, null, why);
    }

    /** The keys of {@code a} not matched in {@code b}, counted as a multiset. */
    private static List<String> minus(List<CappedItems.Item> a, List<CappedItems.Item> b) {
        List<String> rest = new ArrayList<>(b.stream().map(CappedItems.Item::key).toList());
        List<String> out = new ArrayList<>();
        for (CappedItems.Item i : a) {
            if (!rest.remove(i.key())) {
                out.add(i.key());
            }
        }
        return out;
    }

    private static String original(List<CappedItems.Item> items, String key) {
        return items.stream().filter(i -> i.key().equals(key)).map(CappedItems.Item::text).findFirst().orElse(key);
    }

    private static String cut(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "…" : s;
    }
}
