package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WordHashModelTest {
    private final WordHashModel model = new WordHashModel();

    @Test
    void aTextIsAUnitVectorOfTheRealModelsDimensionTheSameOnEveryCall() {
        float[] v = model.embed("orders.total_amount Description: the order's total");
        assertThat(v).hasSize(384);
        double squares = 0;
        for (float x : v) squares += x * x;
        assertThat(squares).isCloseTo(1, within(1e-5));
        assertThat(new WordHashModel().embed("orders.total_amount Description: the order's total"))
                .containsExactly(v);
    }

    @Test
    void textsSharingWordsAreCloserThanUnrelatedOnesWhichAreNotOrthogonal() {
        float[] question = model.embed("total amount per customer");
        double shared = dot(question, model.embed("orders.amount total of the customer's order"));
        double unrelated = dot(question, model.embed("shipments.carrier_code route delivery zone"));
        assertThat(shared).isGreaterThan(unrelated + 0.2);
        assertThat(unrelated).isGreaterThan(0.05);
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += a[i] * b[i];
        return sum;
    }
}
