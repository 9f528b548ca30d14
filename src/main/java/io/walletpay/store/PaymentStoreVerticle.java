package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.BusCalls;
import io.walletpay.bus.Messages.Readiness;
import io.walletpay.bus.Messages.ReadinessQuery;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;

/** Owns every conversation with PostgreSQL: answers store requests from the bus; the SQL lives beside it. */
public final class PaymentStoreVerticle extends VerticleBase {

  private final DatabaseTarget target;
  private final AppConfig config;
  private final String schemaVersion;
  private Database database;

  public PaymentStoreVerticle(DatabaseTarget target, AppConfig config, String schemaVersion) {
    this.target = target;
    this.config = config;
    this.schemaVersion = schemaVersion;
  }

  @Override
  public Future<?> start() {
    database = Database.connect(vertx, target, config.db());
    var bus = vertx.eventBus();
    bus.<ReadinessQuery>consumer(Addresses.STORE_READINESS, message -> BusCalls.reply(message, readiness()));
    return Future.succeededFuture();
  }

  @Override
  public Future<?> stop() {
    return database.close();
  }

  private Future<Readiness> readiness() {
    return database.statements()
        .preparedQuery(HealthSql.SCHEMA_APPLIED)
        .execute(Tuple.of(schemaVersion))
        .map(rows -> rows.iterator().next().getBoolean(0)
            ? new Readiness(true, "database reachable, schema " + schemaVersion)
            : new Readiness(false, "schema version " + schemaVersion + " is not applied"))
        .otherwise(failure -> new Readiness(false, "database unreachable"));
  }
}
