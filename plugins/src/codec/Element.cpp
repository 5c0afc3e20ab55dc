#include "msgx/codec/Element.h"

#include <utility>

namespace msgx::codec {

Element::Element(std::string name, std::vector<XmlAttribute> attributes, std::string text,
                 std::vector<Element> children, int line)
    : name_(std::move(name)), attributes_(std::move(attributes)), text_(std::move(text)),
      children_(std::move(children)), line_(line) {}

const Element* Element::child(std::string_view name) const {
    for (const Element& element : children_) {
        if (element.name_ == name) {
            return &element;
        }
    }
    return nullptr;
}

std::vector<const Element*> Element::children(std::string_view name) const {
    std::vector<const Element*> found;
    for (const Element& element : children_) {
        if (element.name_ == name) {
            found.push_back(&element);
        }
    }
    return found;
}

std::optional<std::string_view> Element::attribute(std::string_view name) const {
    for (const XmlAttribute& attribute : attributes_) {
        if (attribute.name == name) {
            return std::string_view(attribute.value);
        }
    }
    return std::nullopt;
}

std::optional<std::string_view> Element::childText(std::string_view name) const {
    const Element* found = child(name);
    if (found == nullptr) {
        return std::nullopt;
    }
    return std::string_view(found->text_);
}

bool Element::isEmpty() const {
    return text_.empty() && attributes_.empty() && children_.empty();
}

} // namespace msgx::codec
