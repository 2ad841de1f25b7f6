package services.embedding;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.CharSpan;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.List;
import java.util.Map;

/**
 * The model's onnxruntime session and its tokenizer, loaded once per process and shared by every caller (both
 * are safe to use from several threads at once). One text per run, on the calling thread only
 * ({@code intraOpNumThreads = 1}): callers run texts side by side instead. A batch padded to its longest text
 * would change the vectors — the quantized model scales its activations over the whole batch — and onnxruntime's
 * own threads spin while they wait, which a busy two-core machine pays for dearly. Mean pooling over the tokens
 * and unit length, as the model's Maven package computes them (the vectors agree to about 1e-7).
 */
final class MiniLmSession implements AutoCloseable {

    private static final String MODEL = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final boolean typeIds;

    private MiniLmSession(OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer) throws OrtException {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
        this.typeIds = session.getInputNames().contains("token_type_ids");
    }

    /** Loads the model and the tokenizer from the model's jar. */
    static MiniLmSession load() throws OrtException, IOException {
        NativeMemory.fixMmapThreshold(); // before onnxruntime's first allocations
        ClassLoader loader = MiniLmSession.class.getClassLoader();
        ByteBuffer model = modelBytes(loader);
        HuggingFaceTokenizer tokenizer;
        try (InputStream in = loader.getResourceAsStream(TOKENIZER)) {
            if (in == null) {
                throw new IOException(TOKENIZER + " is missing from the class path");
            }
            tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
        }
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            // the weights in a buffer of their own, not in the memory arena, which then kept about 9 MB more
            // resident once texts had been run (the same vectors, the same speed)
            options.addConfigEntry("session.use_device_allocator_for_initializers", "1");
            return new MiniLmSession(environment, environment.createSession(model, options), tokenizer);
        }
    }

    /**
     * The model file (23 MB) read into native memory rather than the Java heap, where it would be garbage a
     * moment later but keep the heap grown (onnxruntime copies what it needs while it builds the session).
     */
    private static ByteBuffer modelBytes(ClassLoader loader) throws IOException {
        URL url = loader.getResource(MODEL);
        if (url == null) {
            throw new IOException(MODEL + " is missing from the class path");
        }
        URLConnection connection = url.openConnection();
        long size = connection.getContentLengthLong();
        try (InputStream in = connection.getInputStream()) {
            if (size < 0) {
                byte[] bytes = in.readAllBytes();
                return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
            }
            ByteBuffer buffer = ByteBuffer.allocateDirect((int) size);
            byte[] chunk = new byte[64 * 1024];
            for (int n = in.read(chunk); n > 0 && buffer.hasRemaining(); n = in.read(chunk)) {
                buffer.put(chunk, 0, Math.min(n, buffer.remaining()));
            }
            if (buffer.hasRemaining()) {
                throw new IOException(MODEL + " ended after " + buffer.position() + " of " + size + " bytes");
            }
            return buffer.flip();
        }
    }

    /** The unit-length vector of one text (the tokenizer keeps its first 128 word pieces). */
    float[] embed(String text) throws OrtException {
        return unit(mean(run(tokenizer.encode(text, true, false))));
    }

    /**
     * One pass (or a few) over {@code text} that gives its whole vector — the same as {@link #embed} — and a vector
     * for each of its {@code sentences}, in order: the mean of the outputs of that sentence's own word pieces, read
     * in the context of the text around them. A sentence the pass does not read to its end is read by a further
     * pass over the text from that sentence on. A sentence not found in the text gets its own pass, alone.
     */
    float[][] embedInContext(String text, List<String> sentences) throws OrtException {
        float[][] out = new float[1 + sentences.size()][];
        int[] starts = new int[sentences.size()];
        int cursor = 0;
        for (int i = 0; i < starts.length; i++) {
            int at = text.indexOf(sentences.get(i), cursor);
            starts[i] = at;
            if (at >= 0) {
                cursor = at + sentences.get(i).length();
            }
        }
        int next = 0; // the next sentence to read
        boolean firstPass = true;
        while (true) {
            while (next < starts.length && starts[next] < 0) {
                next++; // not found in the text: read alone below
            }
            if (!firstPass && next >= starts.length) {
                break;
            }
            int offset = firstPass ? 0 : starts[next];
            Encoding encoding = tokenizer.encode(text.substring(offset), true, false);
            float[][] tokens = run(encoding);
            CharSpan[] spans = encoding.getCharTokenSpans();
            if (firstPass) {
                out[0] = unit(mean(tokens));
            }
            int read = encoding.exceedMaxLength() ? lastCharRead(spans) : Integer.MAX_VALUE;
            int before = next;
            for (; next < starts.length; next++) {
                if (starts[next] < 0) {
                    continue;
                }
                int from = starts[next] - offset;
                int to = from + sentences.get(next).length();
                if (to > read) {
                    break;
                }
                out[1 + next] = pooled(tokens, spans, from, to);
            }
            if (!firstPass && next == before) {
                // one sentence longer than a pass reads: what the pass read of it
                out[1 + next] = pooled(tokens, spans, 0, read);
                next++;
            }
            firstPass = false;
        }
        for (int i = 0; i < starts.length; i++) {
            if (out[1 + i] == null) {
                out[1 + i] = embed(sentences.get(i));
            }
        }
        return out;
    }

    private float[][] run(Encoding encoding) throws OrtException {
        long[] ids = encoding.getIds();
        long[] shape = {1, ids.length};
        try (OnnxTensor input = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
             OnnxTensor mask = OnnxTensor.createTensor(environment, LongBuffer.wrap(encoding.getAttentionMask()), shape);
             OnnxTensor types = OnnxTensor.createTensor(environment, LongBuffer.wrap(encoding.getTypeIds()), shape);
             OrtSession.Result result = session.run(typeIds
                     ? Map.of("input_ids", input, "attention_mask", mask, "token_type_ids", types)
                     : Map.of("input_ids", input, "attention_mask", mask))) {
            return ((float[][][]) result.get(0).getValue())[0];
        }
    }

    /** The unit-length mean of the tokens whose characters lie within [from, to) of the encoded text; null if none. */
    private static float[] pooled(float[][] tokens, CharSpan[] spans, int from, int to) {
        float[] sum = new float[tokens[0].length];
        int n = 0;
        for (int t = 0; t < tokens.length; t++) {
            boolean own = spans[t] != null && spans[t].getStart() >= from && spans[t].getEnd() <= to;
            if (own) {
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += tokens[t][i];
                }
                n++;
            }
        }
        if (n == 0) {
            return null; // no word piece of its own: read alone
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] /= n;
        }
        return unit(sum);
    }

    /** How many leading characters of {@code text} its vector reads: up to the last word piece the tokenizer keeps. */
    int charsRead(String text) {
        Encoding encoding = tokenizer.encode(text, true, false);
        if (!encoding.exceedMaxLength()) {
            return text.length();
        }
        return Math.min(lastCharRead(encoding.getCharTokenSpans()), text.length());
    }

    /** Where the last word piece kept ends (special tokens have no span). */
    private static int lastCharRead(CharSpan[] spans) {
        int end = 0;
        for (CharSpan span : spans) {
            if (span != null) {
                end = Math.max(end, span.getEnd());
            }
        }
        return end;
    }

    private static float[] mean(float[][] tokens) {
        float[] sum = new float[tokens[0].length];
        for (float[] token : tokens) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += token[i];
            }
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] /= tokens.length;
        }
        return sum;
    }

    private static float[] unit(float[] v) {
        float norm = 0; // summed in float, as the model's package does: the same vectors to the last bit
        for (float x : v) {
            norm += x * x;
        }
        float n = (float) Math.sqrt(norm);
        for (int i = 0; i < v.length; i++) {
            v[i] /= n;
        }
        return v;
    }

    @Override
    public void close() throws OrtException {
        session.close();
        tokenizer.close();
    }
}
