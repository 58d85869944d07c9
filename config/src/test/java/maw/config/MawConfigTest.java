package maw.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MawConfigTest {

    @TempDir
    Path home;

    private Path yaml(String text) throws IOException {
        Path f = home.resolve("maw.yaml");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void everySettingHasADocumentedDefault() {
        MawConfig c = MawConfig.load(home, null, Map.of(), Map.of());
        assertThat(c.port(Setting.XMPP_PORT)).isEqualTo(15222);
        assertThat(c.string(Setting.XMPP_DOMAIN)).isEqualTo("localhost");
        assertThat(c.value(Setting.XMPP_PORT).source()).isEqualTo("default");
        assertThat(c.path(Setting.XMPP_HOME)).isEqualTo(home.resolve("var/xmpp"));
        for (Setting s : Setting.values()) {
            assertThat(s.description()).isNotBlank();
        }
    }

    @Test
    void fileThenEnvironmentThenFlagsEachWin() throws IOException {
        yaml("xmpp:\n  port: 5222\n  domain: example.org\ntransport: local\n");
        MawConfig fileOnly = MawConfig.load(home, null, Map.of(), Map.of());
        assertThat(fileOnly.port(Setting.XMPP_PORT)).isEqualTo(5222);
        assertThat(fileOnly.value(Setting.XMPP_PORT).source()).isEqualTo("maw.yaml");
        assertThat(fileOnly.string(Setting.TRANSPORT)).isEqualTo("local");

        MawConfig withEnv = MawConfig.load(home, null, Map.of("MAW_XMPP_PORT", "6222"), Map.of());
        assertThat(withEnv.port(Setting.XMPP_PORT)).isEqualTo(6222);
        assertThat(withEnv.string(Setting.XMPP_DOMAIN)).isEqualTo("example.org");

        MawConfig withFlag = MawConfig.load(home, null, Map.of("MAW_XMPP_PORT", "6222"),
                Map.of("xmpp.port", new MawConfig.Value("7222", "--port")));
        assertThat(withFlag.port(Setting.XMPP_PORT)).isEqualTo(7222);
        assertThat(withFlag.value(Setting.XMPP_PORT).source()).isEqualTo("--port");
    }

    @Test
    void aBadValueStopsStartUpNamingTheSettingAndWhereItCameFrom() {
        assertThatThrownBy(() -> MawConfig.load(home, null, Map.of("MAW_XMPP_PORT", "lots"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("invalid value 'lots' for xmpp.port (from environment MAW_XMPP_PORT): "
                        + "expected a whole number from 1 to 65535");
        assertThatThrownBy(() -> MawConfig.load(home, null, Map.of(),
                Map.of("transport", new MawConfig.Value("carrier-pigeon", "--set transport"))))
                .hasMessageContaining("'carrier-pigeon' for transport (from --set transport): expected one of xmpp, local");
        assertThatThrownBy(() -> MawConfig.load(home, null, Map.of("MAW_XMPP_TLS", "sometimes"), Map.of()))
                .hasMessageContaining("xmpp.tls").hasMessageContaining("required, optional, disabled");
    }

    @Test
    void aFlagIsTrueOrFalseAndNothingElse() {
        assertThat(MawConfig.load(home, null, Map.of(), Map.of()).flag(Setting.XMPP_OPEN_REGISTRATION)).isFalse();
        assertThat(MawConfig.load(home, null, Map.of("MAW_XMPP_OPEN_REGISTRATION", "TRUE"), Map.of())
                .flag(Setting.XMPP_OPEN_REGISTRATION)).isTrue();
        assertThat(MawConfig.load(home, null, Map.of("MAW_XMPP_OPEN_REGISTRATION", "1"), Map.of())
                .flag(Setting.XMPP_OPEN_REGISTRATION)).isTrue();
        assertThatThrownBy(() -> MawConfig.load(home, null, Map.of("MAW_XMPP_OPEN_REGISTRATION", "maybe"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessage("invalid value 'maybe' for xmpp.open-registration "
                        + "(from environment MAW_XMPP_OPEN_REGISTRATION): expected true or false");
    }

    @Test
    void anUnknownSettingInTheFileIsAnErrorNotSilentlyIgnored() throws IOException {
        yaml("xmpp:\n  prot: 5222\n");
        assertThatThrownBy(() -> MawConfig.load(home, null, Map.of(), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("unknown setting 'xmpp.prot'");
    }

    @Test
    void propertiesFilesWorkToo() throws IOException {
        Path f = home.resolve("mine.properties");
        Files.writeString(f, "xmpp.host=10.0.0.5\nxmpp.server=external\n");
        MawConfig c = MawConfig.load(home, f, Map.of(), Map.of());
        assertThat(c.string(Setting.XMPP_HOST)).isEqualTo("10.0.0.5");
        assertThat(c.choice(Setting.XMPP_SERVER, Setting.ServerKind.class)).isEqualTo(Setting.ServerKind.EXTERNAL);
    }

    @Test
    void aMissingConfigFileIsNamed() {
        assertThatThrownBy(() -> MawConfig.load(home, home.resolve("nope.yaml"), Map.of(), Map.of()))
                .hasMessageContaining("config file not found").hasMessageContaining("nope.yaml");
    }

    @Test
    void environmentNamesFollowTheKeys() {
        assertThat(Setting.XMPP_TRUST_CERT.envName()).isEqualTo("MAW_XMPP_TRUST_CERT");
        assertThat(Setting.RUNTIME_THREADS.envName()).isEqualTo("MAW_RUNTIME_THREADS");
    }
}
