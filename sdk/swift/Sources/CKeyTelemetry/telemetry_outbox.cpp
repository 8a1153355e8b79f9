#include "../../../../src/telemetry/outbox.cpp"
