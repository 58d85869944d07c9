package maw.aiwolf.nlp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import maw.runtime.Json;

/**
 * The NLP server's optional authentication: an HS256 JSON Web Token whose claims name the agent's team and the role
 * {@code PLAYER} ({@code {"team": ..., "role": "PLAYER"}}).
 */
public final class NlpToken {

    private NlpToken() {}

    /** A token for {@code team}, signed with {@code secret} (what the contest hands each team). */
    public static String issue(String team, String secret) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String claims = b64.encodeToString(Json.MAPPER.createObjectNode().put("team", team).put("role", "PLAYER")
                .toString().getBytes(StandardCharsets.UTF_8));
        return header + "." + claims + "." + b64.encodeToString(sign(header + "." + claims, secret));
    }

    /** Why {@code token} does not admit an agent of {@code team}, or null when it does. */
    public static String check(String token, String secret, String team) {
        if (token == null || token.isBlank()) {
            return "a token is required (?token=... or Authorization: Bearer ...)";
        }
        String[] parts = token.strip().split("\\.");
        if (parts.length != 3) {
            return "the token is not a JSON Web Token";
        }
        byte[] given;
        JsonNode header;
        JsonNode claims;
        try {
            given = Base64.getUrlDecoder().decode(parts[2]);
            header = Json.parse(new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8));
            claims = Json.parse(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException | JsonProcessingException e) {
            return "the token cannot be read";
        }
        if (!"HS256".equals(header.path("alg").asText())) {
            return "the token is not signed with HS256";
        }
        if (!MessageDigest.isEqual(given, sign(parts[0] + "." + parts[1], secret))) {
            return "the token's signature is wrong";
        }
        if (!"PLAYER".equals(claims.path("role").asText())) {
            return "the token is not a player's";
        }
        if (!team.equals(claims.path("team").asText())) {
            return "the token is for team " + claims.path("team").asText() + ", not " + team;
        }
        return null;
    }

    private static byte[] sign(String data, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}
