package services.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import services.review.remote.SharedBranch;

/** The inbox's items for the shared review branch: the status bar's words, urgent only when it is not just offline. */
class SharingItemsTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    private static List<InboxItem> items(SharedBranch... repos) {
        List<InboxItem> out = new ArrayList<>();
        SharingItems.add(new SharedBranch.Report(List.of(repos), List.of()), out);
        return out;
    }

    private static SharedBranch repo(int ahead, int behind, String result, String problem) {
        return new SharedBranch("/w/r", "/w/r → origin (file:///x)", ahead, behind, result, problem, AT);
    }

    @Test
    void decisionsWaitingToBePushedAreOneItemInTheStatusBarsWords() {
        assertThat(items(repo(2, 0, null, null))).singleElement().satisfies(i -> {
            assertThat(i.kind()).isEqualTo(InboxItem.Kind.SHARING);
            assertThat(i.what()).isEqualTo("2 decisions not pushed");
            assertThat(i.why()).contains("next sync", "sync-review");
            assertThat(i.rank()).isGreaterThan(6);
            assertThat(i.section()).isEqualTo("health");
            assertThat(i.subject()).isEqualTo("review-sync");
        });
    }

    @Test
    void offlineIsCalmAndARefusalOrADivergenceIsUrgent() {
        assertThat(items(repo(1, 0, "offline", "Could not push: connection refused"))).singleElement().satisfies(i -> {
            assertThat(i.what()).isEqualTo("1 decision not pushed · offline");
            assertThat(i.why()).startsWith("Offline: they go when the remote answers").contains("connection refused");
            assertThat(i.rank()).isGreaterThan(6);
        });
        assertThat(items(repo(1, 2, "failed", "The decision in commit 1a2b changes x.md, which the remote changed too")))
                .singleElement().satisfies(i -> {
                    assertThat(i.what()).isEqualTo("1 decision not pushed · 2 behind the remote · the last sync failed");
                    assertThat(i.why()).startsWith("Not pushed: The decision in commit 1a2b");
                    assertThat(i.rank()).isLessThanOrEqualTo(2);
                });
        assertThat(items(repo(0, 0, "failed", "The remote refused: permission denied"))).singleElement()
                .satisfies(i -> assertThat(i.rank()).isLessThanOrEqualTo(2));
    }

    @Test
    void nothingWhenEverythingIsOnTheRemoteOrNothingIsShared() {
        assertThat(items(repo(0, 0, "pushed", null))).isEmpty();
        assertThat(items()).isEmpty();
        List<InboxItem> wrong = new ArrayList<>();
        SharingItems.add(new SharedBranch.Report(List.of(), List.of("workspace.json: 'reviewRemote' is wrong")), wrong);
        assertThat(wrong).singleElement().satisfies(i -> assertThat(i.what()).isEqualTo("The review branch is not shared"));
    }
}
