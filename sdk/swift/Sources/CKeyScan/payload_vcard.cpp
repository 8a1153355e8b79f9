#include "../../../../src/payload/vcard.cpp"
