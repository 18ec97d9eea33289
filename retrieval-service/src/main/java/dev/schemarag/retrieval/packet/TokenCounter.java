package dev.schemarag.retrieval.packet;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/** Counts tokens with cl100k_base, the encoding of the GPT-4 family, as a model-neutral measure of packet size. */
public final class TokenCounter {
    private static final Encoding CL100K = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

    private TokenCounter() {}

    /** Special-token markers in the text are counted as plain text, never interpreted. */
    public static int count(String text) {
        return CL100K.countTokensOrdinary(text);
    }
}
