package dev.schemarag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class CompoundTermsTest {
    private final CompoundTerms compounds =
            CompoundTerms.of(Set.of("airport", "code", "source", "airportcode", "sourceairport", "flightno", "flight"));

    @Test
    void aTermIsPartOfTheCompoundsItStartsOrEnds() {
        assertThat(compounds.containing("airport")).containsExactlyInAnyOrder("airportcode", "sourceairport");
        assertThat(compounds.containing("code")).containsExactly("airportcode");
        assertThat(compounds.containing("source")).containsExactly("sourceairport");
    }

    @Test
    void aPartShorterThanThreeLettersOrMissingFromTheIndexMakesNoCompound() {
        // "no" is too short to be a part, and "port" is no term of the index
        assertThat(compounds.containing("flight")).isEmpty();
        assertThat(compounds.containing("air")).isEmpty();
        assertThat(compounds.containing("port")).isEmpty();
    }
}
