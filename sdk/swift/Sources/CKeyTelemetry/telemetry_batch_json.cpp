#include "../../../../src/telemetry/batch_json.cpp"
