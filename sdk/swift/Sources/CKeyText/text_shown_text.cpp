#include "../../../../src/text/shown_text.cpp"
