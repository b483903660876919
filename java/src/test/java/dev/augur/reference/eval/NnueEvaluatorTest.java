package dev.augur.reference.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;

import dev.augur.reference.Fen;
import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;

/**
 * The Java network evaluation on its own: the loader's refusals (with the native messages) and
 * the incremental accumulators against a from-scratch evaluation on random sequences of moves,
 * undos and null moves, Chess960 castling included.
 */
class NnueEvaluatorTest {
    private static final String[] STARTS = {
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
    };

    private static byte[] networkBytes() throws IOException {
        return Files.readAllBytes(Path.of(System.getProperty("augur.network.crelu128")));
    }

    private static String refusal(byte[] bytes) {
        return assertThrows(IllegalArgumentException.class, () -> Network.read(bytes)).getMessage();
    }

    @Test
    void outputBucketsAreReadAndRefusedAsNativeDoes() throws IOException {
        byte[] good = Files.readAllBytes(Path.of(System.getProperty("augur.network.screlu128x8")));
        Network network = Network.read(good);
        assertEquals(8, network.outputBuckets);
        assertEquals(Network.fileSize(128, 8), good.length);
        assertEquals(0, Network.outputBucket(5, 8));
        assertEquals(1, Network.outputBucket(6, 8));
        assertEquals(7, Network.outputBucket(32, 8));
        for (int count : new int[] {0, 17}) {
            byte[] bytes = good.clone();
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(32, count);
            assertTrue(refusal(bytes).contains("output buckets " + count + " is not from 1 to 16"));
        }
        byte[] bytes = good.clone();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(32, 1);
        assertTrue(refusal(bytes).contains("version 2 with one output bucket"));
        bytes = good.clone();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(32, 4);
        assertTrue(refusal(bytes).contains("4 output buckets) needs"));
        assertTrue(refusal(java.util.Arrays.copyOf(good, 34)).contains("shorter than the header"));
    }

    @Test
    void damagedFilesAreRefusedWithTheReason() throws IOException {
        byte[] good = networkBytes();
        Network.read(good);
        assertTrue(refusal(new byte[10]).contains("shorter than the header"));
        byte[] bytes = good.clone();
        bytes[0] = 'X';
        assertTrue(refusal(bytes).contains("does not start with AUGURNNU"));
        bytes = good.clone();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 3);
        assertTrue(refusal(bytes).contains("version 3 is not supported (this build reads 1 and 2)"));
        bytes = good.clone();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 17);
        assertTrue(refusal(bytes).contains("hidden size 17"));
        bytes = good.clone();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(16, 2);  // QA 255 squared
        assertTrue(refusal(bytes).contains("QA 255 is not from 1 to 181"));
        assertTrue(refusal(java.util.Arrays.copyOf(good, good.length - 1)).contains("truncated"));
        assertTrue(refusal(java.util.Arrays.copyOf(good, good.length + 1)).contains("extra bytes"));
        bytes = good.clone();
        bytes[500] ^= 4;
        assertTrue(refusal(bytes).contains("CRC-32 does not match"));
        // Weights that could overflow an accumulator, with a valid checksum.
        bytes = good.clone();
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int f = 0; f < Network.MAX_ACTIVE_FEATURES; ++f) buffer.putShort(Network.FILE_HEADER_SIZE + 2 * (f * 128 + 5), (short) 1100);
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - 4);
        buffer.putInt(bytes.length - 4, (int) crc.getValue());
        assertTrue(refusal(bytes).contains("unusable network: accumulator neuron 5 could leave 16 bits"));
        String missing = assertThrows(IllegalArgumentException.class,
            () -> Network.load(Path.of("/no/such/network.nnue"))).getMessage();
        assertTrue(missing.contains("cannot open network file"));
    }

    @Test
    void incrementalEvaluationEqualsFromScratchOnRandomSequences() throws IOException {
        Network network = Network.read(networkBytes());
        NnueEvaluator evaluator = new NnueEvaluator(network);
        Random random = new Random(2024);
        MoveList moves = new MoveList();
        int compared = 0;
        for (int sequence = 0; sequence < 140; ++sequence) {
            String fen = STARTS[sequence % STARTS.length];
            Position pos = Fen.parse(fen, fen.contains("HFhf"));
            List<Integer> played = new ArrayList<>();  // Move.NULL for a null move
            evaluator.onSearchStart(pos);
            for (int step = 0; step < 150; ++step) {
                MoveGenerator.generateAll(pos, moves);
                int roll = random.nextInt(10);
                if (!played.isEmpty() && (moves.size() == 0 || roll < 3)) {
                    int move = played.remove(played.size() - 1);
                    if (move == Move.NULL) {
                        pos.unmakeNullMove();
                        evaluator.onUndoNullMove(pos);
                    } else {
                        pos.unmakeMove(move);
                        evaluator.onUndoMove(pos, move);
                    }
                } else if (moves.size() == 0) {
                    break;
                } else if (roll == 3 && !pos.inCheck()) {
                    evaluator.onNullMove(pos);
                    pos.makeNullMove();
                    played.add(Move.NULL);
                } else {
                    int move = moves.get(random.nextInt(moves.size()));
                    evaluator.onMove(pos, move);
                    pos.makeMove(move);
                    played.add(move);
                }
                if (random.nextInt(3) == 0) {
                    assertEquals(NnueEvaluator.evaluateFromScratch(network, pos), evaluator.evaluate(pos), pos.toFen());
                    ++compared;
                }
            }
        }
        assertTrue(compared > 5000, "compared " + compared);
    }

    @Test
    void evaluatesInsideTheEndgameLayerAsTheHandCraftedEvaluation() throws IOException {
        Network network = Network.read(networkBytes());
        NnueEvaluator evaluator = new NnueEvaluator(network);
        HandCraftedEvaluator handCrafted = new HandCraftedEvaluator();
        // A dead draw (KNvK) and a known win (KQvK): the layer's value, not the network's.
        for (String fen : new String[] {"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "8/8/4k3/8/8/3QK3/8/8 b - - 0 1"}) {
            Position pos = Fen.parse(fen);
            assertTrue(NnueEvaluator.evaluateFromScratch(network, pos, false) != handCrafted.evaluate(pos), fen);
            assertEquals(handCrafted.evaluate(pos), evaluator.evaluate(pos), fen);
            assertEquals(handCrafted.evaluate(pos), NnueEvaluator.evaluateFromScratch(network, pos), fen);
        }
        assertEquals(0, evaluator.evaluate(Fen.parse("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")));
        // Drawish material the layer only scales: the network's value times the scale of the side it favours.
        int scaled = 0;
        for (String fen : new String[] {"8/8/4k3/8/2b5/8/3RK3/8 w - - 0 1", "8/8/4k3/8/2n5/8/3RK3/8 b - - 0 1",
                "8/5k2/8/8/8/2B5/P7/K7 w - - 0 1", "8/4kb2/4p3/8/8/4P3/3BK3/8 w - - 0 1"}) {
            Position pos = Fen.parse(fen);
            EndgameVerdict verdict = Endgame.classify(pos);
            int networkValue = NnueEvaluator.evaluateFromScratch(network, pos, false);
            if (verdict.dead() || verdict.known()) {
                assertEquals(handCrafted.evaluate(pos), evaluator.evaluate(pos), fen);
                continue;
            }
            int ahead = networkValue > 0 ? pos.sideToMove() : 1 - pos.sideToMove();
            scaled += verdict.scale(ahead) != HandCraftedEvaluator.SCALE_NORMAL ? 1 : 0;
            assertEquals(networkValue * verdict.scale(ahead) / HandCraftedEvaluator.SCALE_NORMAL,
                evaluator.evaluate(pos), fen);
        }
        assertTrue(scaled > 0);
        // Eval_EndgameScaling off: the network alone.
        evaluator.setOptions(new EvalOptions().setEndgameScaling(false));
        Position queen = Fen.parse("8/8/4k3/8/8/3QK3/8/8 b - - 0 1");
        assertEquals(NnueEvaluator.evaluateFromScratch(network, queen, false), evaluator.evaluate(queen));
    }
}
