#include "../../../../src/telemetry/outbox_names.cpp"
