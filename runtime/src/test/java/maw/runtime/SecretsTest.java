package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one comparison of secrets every door uses. */
class SecretsTest {

    @Test
    void onlyTheSameTextIsTheSecretAndNothingIsANull() {
        assertThat(Secrets.same("s3cret-token", "s3cret-token")).isTrue();
        assertThat(Secrets.same("s3cret-token", "s3cret-tokeN")).isFalse();
        assertThat(Secrets.same("s3cret-token", "s3cret")).isFalse();
        assertThat(Secrets.same("s3cret-token", "")).isFalse();
        assertThat(Secrets.same("s3cret-token", null)).isFalse();
        assertThat(Secrets.same(null, null)).isFalse();
        assertThat(Secrets.same("ünïcode", "ünïcode")).isTrue();
    }
}
