package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An ADR's own date, read from its content's Date: line (its index date is when the sync last wrote it). */
class AdrDateTest {

    @Test
    void eachWayAnAdrBodyWritesItsDate() {
        assertThat(DocumentDetailViewModel.adrDate("# ADR-0001: X\n\nStatus: accepted\nDate: 2024-11-02\nTags: a"))
                .isEqualTo("2024-11-02");
        assertThat(DocumentDetailViewModel.adrDate("# ADR-0002: X\n\n**Status:** Accepted  \n**Date:** 2025-01-08  \n"))
                .isEqualTo("2025-01-08");
        assertThat(DocumentDetailViewModel.adrDate("# ADR-0003: X\n\n- **Status**: shipped\n- **Date**: 2025-02-01"))
                .isEqualTo("2025-02-01");
    }

    @Test
    void noDateLineOrOneInsideASectionIsNoDate() {
        assertThat(DocumentDetailViewModel.adrDate("# ADR-0004: X\n\nStatus: accepted\n")).isNull();
        assertThat(DocumentDetailViewModel.adrDate("# ADR-0005: X\n\n## Context\n\nDate: 2020-01-01 was the cutover"))
                .isNull();
        assertThat(DocumentDetailViewModel.adrDate("Update: the date was moved")).isNull();
        assertThat(DocumentDetailViewModel.adrDate(null)).isNull();
    }
}
