# MAW's images, built by `docker compose up` (see docker-compose.yml):
#   app       the maw command line (GameMaster, rooms, players, model and human seats)
#   ejabberd  the XMPP server, configured from xmpp-config/ exactly as ./maw runs it on a machine, but listening on
#             every address of its container and letting the other containers of the stack create accounts

# --- build the jars ---------------------------------------------------------------------------------------------
FROM maven:3.9-eclipse-temurin-21 AS build
WORKDIR /src
COPY pom.xml ./
# The modules, lowest layer first (the parent pom.xml lists them).
COPY base/ base/
COPY runtime/ runtime/
COPY rules/ rules/
COPY llm/ llm/
COPY test-fixtures/ test-fixtures/
COPY config/ config/
COPY agents/ agents/
COPY gateways/ gateways/
COPY web/ web/
COPY app/ app/
COPY bench/ bench/
COPY cli/ cli/
RUN mvn -B -ntp -q -DskipTests package

# --- the maw command line ---------------------------------------------------------------------------------------
FROM eclipse-temurin:21-jre AS app
WORKDIR /opt/maw
COPY --from=build /src/cli/target/maw.jar lib/maw.jar
COPY --from=build /src/cli/target/lib/ lib/
COPY prompts/ prompts/
COPY docker/maw /usr/local/bin/maw
ENV MAW_LOG_DIR=/opt/maw/var/log
VOLUME /opt/maw/var
ENTRYPOINT ["maw"]
CMD ["--help"]

# --- the XMPP server --------------------------------------------------------------------------------------------
FROM debian:bookworm-slim AS ejabberd
RUN apt-get update \
 && apt-get install -y --no-install-recommends ejabberd curl openssl ca-certificates procps \
 && rm -rf /var/lib/apt/lists/*
COPY xmpp-config/ /opt/maw/xmpp-config/
COPY docker/until-game-over /usr/local/bin/maw-until-game-over
ENV MAW_XMPP_HOME=/var/lib/maw-xmpp \
    MAW_XMPP_LISTEN=0.0.0.0 \
    MAW_XMPP_PORT=5222 \
    MAW_XMPP_HTTP_PORT=5280 \
    MAW_XMPP_DIST_PORT=5210 \
    MAW_XMPP_API_FROM=10.0.0.0/8,172.16.0.0/12,192.168.0.0/16
EXPOSE 5222 5280
ENTRYPOINT ["/opt/maw/xmpp-config/maw-xmpp"]
CMD ["run"]
