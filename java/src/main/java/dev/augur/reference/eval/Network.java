package dev.augur.reference.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The weights of a network for {@link NnueEvaluator}, read from the file format of docs/NNUE.md:
 * the twin of the native Network (lib/eval/nnue/network.h), with the same checks in the same
 * order and the same messages. Immutable once loaded; one instance may serve every evaluator.
 */
public final class Network {
    /** Inputs per perspective: 2 colours x 6 piece types x 64 squares. */
    public static final int INPUTS = 768;
    public static final int HIDDEN_STEP = 16;
    public static final int MAX_HIDDEN = 2048;
    public static final int MAX_ACTIVE_FEATURES = 32;
    public static final int EVAL_LIMIT = 19999;
    public static final int CLIPPED_RELU = 1;
    public static final int SQUARED_CLIPPED_RELU = 2;
    public static final int MAX_OUTPUT_BUCKETS = 16;
    public static final String FILE_MAGIC = "AUGURNNU";
    /** Version 1 holds one output bucket; version 2 adds the bucket count to the header. */
    public static final int FILE_VERSION = 1;
    public static final int FILE_VERSION_BUCKETS = 2;
    public static final int FILE_HEADER_SIZE = 32;
    public static final int FILE_HEADER_SIZE_BUCKETS = 36;

    private static final int MAX_QA_SQUARED = 181;
    private static final int MAX_QUANTISATION = 32767;
    private static final int MAX_SCALE = 100000;
    private static final int CHECKSUM_SIZE = 4;

    final int hidden;
    final int activation;
    final int qa;
    final int qb;
    final int scale;
    final int outputBuckets;
    final short[] featureWeights;  // INPUTS rows of hidden
    final short[] featureBias;
    final short[] outputWeights;   // per bucket 2 x hidden, side to move's half first
    final int[] outputBias;        // per bucket

    private Network(int[] header, short[] featureWeights, short[] featureBias, short[] outputWeights, int[] outputBias) {
        this.hidden = header[0];
        this.activation = header[1];
        this.qa = header[2];
        this.qb = header[3];
        this.scale = header[4];
        this.outputBuckets = header[5];
        this.featureWeights = featureWeights;
        this.featureBias = featureBias;
        this.outputWeights = outputWeights;
        this.outputBias = outputBias;
    }

    public int hidden() {
        return hidden;
    }

    /**
     * The output bucket of a position with {@code pieces} pieces (kings included) for a network of
     * {@code buckets} buckets, as native output_bucket: bands of about equal width from 2 to 32.
     */
    public static int outputBucket(int pieces, int buckets) {
        int bucket = (pieces - 2) * buckets / (MAX_ACTIVE_FEATURES - 1);
        return Math.max(0, Math.min(buckets - 1, bucket));
    }

    /** The size of a file holding a network with {@code hidden} neurons and {@code buckets} output buckets. */
    public static long fileSize(int hidden, int buckets) {
        long weights = (long) INPUTS * hidden + hidden + 2L * hidden * buckets;
        int header = buckets == 1 ? FILE_HEADER_SIZE : FILE_HEADER_SIZE_BUCKETS;
        return header + 2 * weights + 4L * buckets + CHECKSUM_SIZE;
    }

    /** The network in the file at path, or an exception with the native loader's message. */
    public static Network load(Path path) {
        byte[] bytes;
        try {
            long size = Files.size(path);
            if (size > fileSize(MAX_HIDDEN, MAX_OUTPUT_BUCKETS)) {
                throw new IllegalArgumentException("'" + path + "' is not a network file: " + size
                    + " bytes, more than the largest network");
            }
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot open network file '" + path + "'");
        }
        try {
            return read(bytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + path + "': " + e.getMessage());
        }
    }

    /** Where the reference jar carries the built-in network (lib/eval/nnue/default.nnue). */
    public static final String BUILT_IN_RESOURCE = "/dev/augur/reference/eval/default.nnue";

    /**
     * The network built into Augur, the same file the native library embeds: read once, on first
     * use, from the jar, and shared. Fails only if the jar was built without it.
     */
    public static Network builtIn() {
        return BuiltIn.NETWORK;
    }

    private static final class BuiltIn {
        static final Network NETWORK = readBuiltIn();
    }

    private static Network readBuiltIn() {
        try (InputStream in = Network.class.getResourceAsStream(BUILT_IN_RESOURCE)) {
            if (in == null) throw new IllegalStateException("the jar holds no built-in network " + BUILT_IN_RESOURCE);
            return read(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the built-in network", e);
        }
    }

    /** The network in a file's bytes, or an exception saying why they are not one. */
    public static Network read(byte[] bytes) {
        if (bytes.length < FILE_HEADER_SIZE) {
            throw new IllegalArgumentException("not a network file: " + bytes.length + " bytes, shorter than the header");
        }
        byte[] magic = FILE_MAGIC.getBytes(StandardCharsets.US_ASCII);
        if (!Arrays.equals(Arrays.copyOf(bytes, magic.length), magic)) {
            throw new IllegalArgumentException("not a network file: it does not start with " + FILE_MAGIC);
        }
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        in.position(magic.length);
        long version = Integer.toUnsignedLong(in.getInt());
        if (version != FILE_VERSION && version != FILE_VERSION_BUCKETS) {
            throw new IllegalArgumentException("network file version " + version
                + " is not supported (this build reads " + FILE_VERSION + " and " + FILE_VERSION_BUCKETS + ")");
        }
        boolean bucketed = version == FILE_VERSION_BUCKETS;
        if (bucketed && bytes.length < FILE_HEADER_SIZE_BUCKETS) {
            throw new IllegalArgumentException("not a network file: " + bytes.length + " bytes, shorter than the header");
        }
        int[] header = new int[6];  // hidden, activation, qa, qb, scale, output buckets
        for (int i = 0; i < header.length; ++i) {
            header[i] = i < 5 || bucketed ? (int) Math.min(Integer.toUnsignedLong(in.getInt()), Integer.MAX_VALUE) : 1;
        }
        String shapeError = checkShape(header);
        if (shapeError != null) throw new IllegalArgumentException("bad network header: " + shapeError);
        if (bucketed && header[5] == 1) {
            throw new IllegalArgumentException(
                "bad network header: version 2 with one output bucket (written as version 1)");
        }

        int hidden = header[0], buckets = header[5];
        long expected = fileSize(hidden, buckets);
        if (bytes.length != expected) {
            throw new IllegalArgumentException("network file is " + bytes.length + " bytes, but its header (hidden size "
                + hidden + (buckets > 1 ? ", " + buckets + " output buckets" : "") + ") needs " + expected
                + (bytes.length < expected ? ": truncated" : ": extra bytes at the end"));
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - CHECKSUM_SIZE);
        int stored = in.getInt(bytes.length - CHECKSUM_SIZE);
        if (stored != (int) crc.getValue()) {
            throw new IllegalArgumentException("network file is corrupt: its CRC-32 does not match its contents");
        }
        in.position(bucketed ? FILE_HEADER_SIZE_BUCKETS : FILE_HEADER_SIZE);
        short[] featureWeights = shorts(in, INPUTS * hidden);
        short[] featureBias = shorts(in, hidden);
        short[] outputWeights = shorts(in, 2 * hidden * buckets);
        int[] outputBias = new int[buckets];
        for (int b = 0; b < buckets; ++b) outputBias[b] = in.getInt();
        Network network = new Network(header, featureWeights, featureBias, outputWeights, outputBias);
        String error = network.check();
        if (error != null) throw new IllegalArgumentException("unusable network: " + error);
        return network;
    }

    private static short[] shorts(ByteBuffer in, int count) {
        short[] values = new short[count];
        in.asShortBuffer().get(values);
        in.position(in.position() + 2 * count);
        return values;
    }

    private static String activationName(int activation) {
        return activation == CLIPPED_RELU ? "clipped ReLU" : activation == SQUARED_CLIPPED_RELU ? "squared clipped ReLU" : "unknown";
    }

    private static String checkShape(int[] header) {
        int hidden = header[0], activation = header[1], qa = header[2], qb = header[3], scale = header[4];
        if (hidden < HIDDEN_STEP || hidden > MAX_HIDDEN || hidden % HIDDEN_STEP != 0) {
            return "hidden size " + hidden + " is not a multiple of " + HIDDEN_STEP + " from " + HIDDEN_STEP + " to " + MAX_HIDDEN;
        }
        if (activation != CLIPPED_RELU && activation != SQUARED_CLIPPED_RELU) {
            return "activation " + activation + " is unknown (1: clipped ReLU, 2: squared clipped ReLU)";
        }
        int maxQa = activation == SQUARED_CLIPPED_RELU ? MAX_QA_SQUARED : MAX_QUANTISATION;
        if (qa < 1 || qa > maxQa) {
            return "QA " + qa + " is not from 1 to " + maxQa + " (" + activationName(activation) + ")";
        }
        if (qb < 1 || qb > MAX_QUANTISATION) return "QB " + qb + " is not from 1 to " + MAX_QUANTISATION;
        if (scale < 1 || scale > MAX_SCALE) return "output scale " + scale + " is not from 1 to " + MAX_SCALE;
        int buckets = header[5];
        if (buckets < 1 || buckets > MAX_OUTPUT_BUCKETS) {
            return "output buckets " + buckets + " is not from 1 to " + MAX_OUTPUT_BUCKETS;
        }
        return null;
    }

    /** The largest activation value: QA, or QA squared. */
    long maxActivation() {
        return activation == SQUARED_CLIPPED_RELU ? (long) qa * qa : qa;
    }

    /** What the output sum is divided by after multiplying by the scale. */
    long outputDivisor() {
        return maxActivation() * qb;
    }

    // The overflow bounds of docs/NNUE.md, "Arithmetic".
    private String check() {
        int[] column = new int[INPUTS];
        for (int neuron = 0; neuron < hidden; ++neuron) {
            for (int f = 0; f < INPUTS; ++f) column[f] = Math.abs(featureWeights[f * hidden + neuron]);
            Arrays.sort(column);
            long bound = Math.abs(featureBias[neuron]);
            for (int i = 0; i < MAX_ACTIVE_FEATURES; ++i) bound += column[INPUTS - 1 - i];
            if (bound > Short.MAX_VALUE) {
                return "accumulator neuron " + neuron + " could leave 16 bits (its bias and " + MAX_ACTIVE_FEATURES
                    + " largest weights exceed 32767 in absolute value)";
            }
        }
        for (int bucket = 0; bucket < outputBuckets; ++bucket) {
            long outputBound = Math.abs((long) outputBias[bucket]);
            int first = bucket * 2 * hidden;
            for (int i = first; i < first + 2 * hidden; ++i) outputBound += maxActivation() * Math.abs(outputWeights[i]);
            if (outputBound > Integer.MAX_VALUE) {
                return "the output sum could leave 32 bits (output bias plus the largest activation times the output "
                    + "weights' absolute values exceeds 2147483647"
                    + (outputBuckets > 1 ? " in bucket " + bucket : "") + ")";
            }
        }
        return null;
    }
}
