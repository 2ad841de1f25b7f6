package app.cli;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import services.text.TerminalText;

/** JSON output escapes: the standard ones, plus DEL, C1 controls and bidirectional overrides as {@code \\uXXXX}. */
final class TerminalSafeEscapes extends CharacterEscapes {

    private final int[] ascii;

    TerminalSafeEscapes() {
        ascii = standardAsciiEscapesForJSON();
        ascii[0x7F] = ESCAPE_CUSTOM;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return TerminalText.unsafe(ch) ? new SerializedString(String.format("\\u%04x", ch)) : null;
    }
}
