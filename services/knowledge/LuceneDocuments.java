package services.knowledge;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;

/**
 * How a {@link KnowledgeDoc} is laid out in the embedded index: searchable and facet fields written from it, and
 * the whole document kept as JSON in doc values, read back for the hits of a page.
 */
final class LuceneDocuments {

    private static final String STORED = "_doc";
    private static final int MAX_TERM = 1000;

    private final Path dir;
    private final int dimensions;
    private final FacetsConfig facets;
    private final ObjectMapper json = new ObjectMapper();

    LuceneDocuments(Path dir, int dimensions, FacetsConfig facets) {
        this.dir = dir;
        this.dimensions = dimensions;
        this.facets = facets;
    }

    /**
     * A whole-value term or facet label cut to {@link #MAX_TERM} characters (whole code points): Lucene refuses a term
     * over 32 KiB and a facet path over its own limit, and such a value is an agent's accident, not a category.
     */
    static String term(String value) {
        if (value.length() <= MAX_TERM) {
            return value;
        }
        int end = Character.isHighSurrogate(value.charAt(MAX_TERM - 1)) ? MAX_TERM - 1 : MAX_TERM;
        return value.substring(0, end);
    }

    /** The document as the index stores it, facet fields built. */
    Document build(KnowledgeDoc doc) throws IOException {
        return facets.build(toDocument(doc));
    }

    private Document toDocument(KnowledgeDoc doc) throws IOException {
        Document d = new Document();
        d.add(new StringField("id", term(doc.id()), Field.Store.NO));
        d.add(new SortedDocValuesField("id", new BytesRef(term(doc.id()))));
        d.add(new StringField("type", term(doc.type()), Field.Store.NO));
        d.add(new SortedSetDocValuesFacetField("type", term(doc.type())));
        keyword(d, "project", doc.project());
        keyword(d, "status", doc.status());
        if (doc.loopId() != null) {
            d.add(new StringField("loop_id", term(doc.loopId()), Field.Store.NO));
        }
        for (String tag : new HashSet<>(doc.tags())) {
            if (!tag.isBlank()) {
                d.add(new StringField("tags", term(tag), Field.Store.NO));
                d.add(new SortedSetDocValuesFacetField("tags", term(tag)));
            }
        }
        d.add(new TextField("title", doc.title(), Field.Store.NO));
        d.add(new TextField("content", doc.content(), Field.Store.NO));
        d.add(new LongPoint("created_at", doc.createdAt()));
        d.add(new NumericDocValuesField("created_at", doc.createdAt()));
        d.add(new NumericDocValuesField("score", doc.score() == null ? Integer.MIN_VALUE : doc.score()));
        if (doc.embedding() != null) {
            if (doc.embedding().length != dimensions) {
                throw new KnowledgeIndexException("Document " + doc.id() + " has an embedding of "
                        + doc.embedding().length + " dimensions; the index expects " + dimensions + ".");
            }
            d.add(new KnnFloatVectorField("embedding", doc.embedding(), VectorSimilarityFunction.COSINE));
        }
        // The whole document as JSON, in doc values: random access for the hits of a page, without the block
        // decompression that stored fields need.
        d.add(new BinaryDocValuesField(STORED, new BytesRef(json.writeValueAsBytes(doc.withEmbedding(null)))));
        return d;
    }

    private static void keyword(Document d, String field, String value) {
        if (value != null && !value.isBlank()) {
            d.add(new StringField(field, term(value), Field.Store.NO));
            d.add(new SortedSetDocValuesFacetField(field, term(value)));
        }
    }

    /** Loads the documents of these hits, in their order; doc values are read leaf by leaf in doc id order. */
    KnowledgeDoc[] load(IndexSearcher searcher, ScoreDoc[] hits) throws IOException {
        KnowledgeDoc[] out = new KnowledgeDoc[hits.length];
        Integer[] order = new Integer[hits.length];
        for (int i = 0; i < hits.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(i -> hits[i].doc));
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        int leafIndex = -1;
        BinaryDocValues values = null;
        LeafReaderContext leaf = null;
        for (int i : order) {
            int docId = hits[i].doc;
            int sub = ReaderUtil.subIndex(docId, leaves);
            if (sub != leafIndex) {
                leafIndex = sub;
                leaf = leaves.get(sub);
                values = leaf.reader().getBinaryDocValues(STORED);
            }
            if (values == null || !values.advanceExact(docId - leaf.docBase)) {
                throw new KnowledgeIndexException("The knowledge index in " + dir + " was written by an older version: "
                        + "recreate it by deleting the folder and syncing again.");
            }
            BytesRef bytes = values.binaryValue();
            out[i] = json.readValue(bytes.bytes, bytes.offset, bytes.length, KnowledgeDoc.class);
        }
        return out;
    }
}
