package dev.metric.report;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Files carried through a text stream that is all a collector can read: a Kubernetes pod's log,
 * which outlives the pod's filesystem and is readable with no volume, no exec and no ssh. Each file
 * is a block of lines that all begin with {@value #PREFIX}, so that whatever else the process
 * writes, progress on stderr included, may interleave with it line by line without harm:
 *
 * <pre>
 * metric-frame begin NAME BYTES SHA256
 * metric-frame data BASE64   (the file gzipped, in lines of at most 4,000 characters)
 * metric-frame end NAME
 * </pre>
 *
 * The length and the SHA-256 of the file as written let the reader refuse a block that was cut
 * short or altered (a log rotated away under a size limit, say) instead of merging half a result.
 */
public final class ResultFrames {

    /** What every line of a block begins with. */
    public static final String PREFIX = "metric-frame ";
    private static final int LINE_CHARS = 4000;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,128}");

    private ResultFrames() {
    }

    /**
     * Prints {@code content} as the block of the file {@code name} (letters, digits, '.', '_', '-').
     */
    public static void print(PrintWriter out, String name, byte[] content) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a framed file's name must be 1 to 128 letters, digits, '.', '_' or"
                    + " '-', got '" + name + "'");
        }
        String encoded = Base64.getEncoder().encodeToString(gzip(content));
        out.println(PREFIX + "begin " + name + " " + content.length + " " + sha256(content));
        for (int at = 0; at < encoded.length(); at += LINE_CHARS) {
            out.println(PREFIX + "data " + encoded.substring(at, Math.min(encoded.length(), at + LINE_CHARS)));
        }
        out.println(PREFIX + "end " + name);
        out.flush();
    }

    /**
     * The files framed in {@code log}, by name, in the order they appear; lines without the prefix
     * are skipped.
     *
     * @throws IllegalArgumentException for a block that is unfinished, nested, repeated, or whose
     *                                  length or checksum is not the one announced
     */
    public static Map<String, byte[]> read(String log) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        String[] header = null;
        StringBuilder data = new StringBuilder();
        for (String line : log.split("\r?\n")) {
            if (!line.startsWith(PREFIX)) {
                continue;
            }
            String[] words = line.substring(PREFIX.length()).trim().split(" ");
            switch (words[0]) {
                case "begin" -> {
                    if (header != null) {
                        throw new IllegalArgumentException("the block of " + header[1] + " has no end before the"
                                + " next one begins");
                    }
                    if (words.length != 4) {
                        throw new IllegalArgumentException("a block begins with a malformed line: " + line);
                    }
                    header = words;
                    data.setLength(0);
                }
                case "data" -> {
                    if (header == null || words.length != 2) {
                        throw new IllegalArgumentException("a data line outside a block: " + line);
                    }
                    data.append(words[1]);
                }
                case "end" -> {
                    if (header == null || words.length != 2 || !words[1].equals(header[1])) {
                        throw new IllegalArgumentException("an end without its begin: " + line);
                    }
                    if (files.put(header[1], decode(header, data)) != null) {
                        throw new IllegalArgumentException(header[1] + " is framed twice");
                    }
                    header = null;
                }
                default -> throw new IllegalArgumentException("not a frame line: " + line);
            }
        }
        if (header != null) {
            throw new IllegalArgumentException("the log ends inside the block of " + header[1]
                    + " (cut short, or rotated away under the log size limit)");
        }
        return files;
    }

    private static byte[] decode(String[] header, CharSequence data) {
        String name = header[1];
        byte[] content;
        try {
            content = gunzip(Base64.getDecoder().decode(data.toString()));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new IllegalArgumentException(name + ": its block does not decode (" + e.getMessage() + ")", e);
        }
        if (!header[2].equals(Integer.toString(content.length)) || !header[3].equals(sha256(content))) {
            throw new IllegalArgumentException(name + ": its block holds " + content.length + " bytes that are not"
                    + " the " + header[2] + " announced (length or SHA-256 differs)");
        }
        return content;
    }

    private static byte[] gzip(byte[] content) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(content.length / 2 + 64);
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static byte[] gunzip(byte[] compressed) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
