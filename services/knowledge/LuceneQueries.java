package services.knowledge;

import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/** A {@link KnowledgeQuery} as Lucene queries and sorts over the fields {@link LuceneDocuments} writes. */
final class LuceneQueries {

    private LuceneQueries() {
    }

    /** The query's text (or every document) within its loop and time window; facet filters are added by the caller. */
    static Query base(Analyzer analyzer, KnowledgeQuery query) {
        BooleanQuery.Builder bool = new BooleanQuery.Builder();
        Query text = new LuceneTextQuery(analyzer).parse(query.text(), query.matchAll());
        bool.add(text == null ? new MatchAllDocsQuery() : text, BooleanClause.Occur.MUST);
        addLoopAndWindow(bool, query);
        return bool.build();
    }

    /** The query's facet filters, loop and time window, without its text (null: no filter). */
    static Query filterOnly(KnowledgeQuery query) {
        BooleanQuery.Builder bool = new BooleanQuery.Builder();
        boolean any = false;
        for (String dim : KnowledgeQuery.FACETS) {
            List<String> values = query.filters().getOrDefault(dim, List.of());
            if (!values.isEmpty()) {
                bool.add(new TermInSetQuery(dim, values.stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
                any = true;
            }
        }
        return addLoopAndWindow(bool, query) || any ? bool.build() : null;
    }

    /** The query's loop and time window as filter clauses; true when it has either. */
    private static boolean addLoopAndWindow(BooleanQuery.Builder bool, KnowledgeQuery query) {
        boolean any = false;
        if (query.loopId() != null) {
            bool.add(new TermQuery(new Term("loop_id", query.loopId())), BooleanClause.Occur.FILTER);
            any = true;
        }
        if (query.createdFrom() != null || query.createdTo() != null) {
            long from = query.createdFrom() == null ? Long.MIN_VALUE : query.createdFrom();
            long to = query.createdTo() == null ? Long.MAX_VALUE : query.createdTo();
            bool.add(LongPoint.newRangeQuery("created_at", from, to), BooleanClause.Occur.FILTER);
            any = true;
        }
        return any;
    }

    /** @return the query's order, or null for relevance (score) order */
    static Sort sort(KnowledgeQuery query) {
        SortField newest = new SortField("created_at", SortField.Type.LONG, true);
        SortField byId = new SortField("id", SortField.Type.STRING);
        return switch (query.sort()) {
            case NEWEST -> new Sort(newest, byId);
            case SCORE -> new Sort(new SortField("score", SortField.Type.LONG, true), newest, byId);
            case RELEVANCE -> query.text().isBlank() ? new Sort(newest, byId) : null;
        };
    }
}
